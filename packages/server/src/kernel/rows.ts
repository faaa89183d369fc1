/** Database rows to API rows: dates as `YYYY-MM-DD HH:mm:ss` (BladeX), hidden columns dropped. */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function toApiRow(row: Record<string, unknown>, hidden: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (hidden.includes(key)) continue;
    out[key] = value instanceof Date ? formatDateTime(value) : value;
  }
  return out;
}

/** Parses a `createTime_dategt` style value (date or date-time, local time). */
export function parseDateFilter(text: string): Date {
  const [day, time = '00:00:00'] = text.split(' ');
  return new Date(`${day}T${time.length === 5 ? `${time}:00` : time}`);
}

export const toCamel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
