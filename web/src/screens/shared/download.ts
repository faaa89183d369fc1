import dayjs from 'dayjs';

/** The MIME type of the xlsx files the user extras answer. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Hands bytes the SDK fetched (a `download: true` extra, with the bearer header and refresh of
 * every call) to the browser as a file: the SDK answers downloads as a Uint8Array.
 */
export function saveFile(bytes: Uint8Array, filename: string, type = XLSX_TYPE): void {
  const url = URL.createObjectURL(new Blob([bytes.slice()], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `用户数据表2026-11-21.xlsx`: the name and today's date, as BladeX names its exports. */
export const datedName = (name: string, now = new Date()) => `${name}${dayjs(now).format('YYYY-MM-DD')}.xlsx`;
