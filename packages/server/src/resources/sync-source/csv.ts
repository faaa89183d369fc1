/**
 * CSV as spreadsheets write it (RFC 4180): fields separated by commas, records by CRLF or LF,
 * a field in double quotes may hold commas, line breaks and doubled quotes; a byte order mark is
 * skipped. Answers the records, or undefined when a quote is left open or stray text follows one.
 */
export function parseCsv(content: string): string[][] | undefined {
  const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else {
        quoted = false;
        afterQuote = true;
      }
      continue;
    }
    if (ch === ',') {
      record.push(field);
      field = '';
      afterQuote = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      afterQuote = false;
    } else if (afterQuote) {
      return undefined;
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else {
      field += ch;
    }
  }
  if (quoted) return undefined;
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}
