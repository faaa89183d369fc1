/**
 * An expiry as forms send it (`YYYY-MM-DD HH:mm[:ss]`, server time; a day alone means the end of
 * that day), or null for none.
 */
export function parseExpiry(text: string | null | undefined): Date | null {
  if (!text) return null;
  const [day, time] = text.split(' ');
  return new Date(`${day}T${time ? (time.length === 5 ? `${time}:00` : time) : '23:59:59'}`);
}
