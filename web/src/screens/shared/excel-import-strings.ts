import { addScreenStrings } from '../../i18n/index.js';

/** Strings of the shared Excel import dialog (t('excelImport.…')); each screen brings its title and help. */
addScreenStrings('excelImport', {
  'zh-CN': {
    covered: '数据覆盖',
    coveredYes: '是',
    coveredNo: '否',
    file: '模板上传',
    chooseFile: '选择文件',
    fileHelp: '请上传 .xlsx 标准格式文件',
    fileRequired: '请选择要导入的文件',
    template: '模板下载',
    imported: '导入成功：新增 {{inserted}} 条，更新 {{updated}} 条',
  },
  en: {
    covered: 'Overwrite',
    coveredYes: 'Yes',
    coveredNo: 'No',
    file: 'File',
    chooseFile: 'Choose file',
    fileHelp: 'Upload an .xlsx file in the template format',
    fileRequired: 'Please choose the file to import',
    template: 'Download template',
    imported: 'Imported: {{inserted}} added, {{updated}} updated',
  },
});
