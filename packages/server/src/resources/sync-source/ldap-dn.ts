/** A DN compared the way directories compare them: lower case, no spaces around separators. */
export const normalDn = (dn: string) =>
  dn
    .toLowerCase()
    .replace(/\s*([,=+])\s*/g, '$1')
    .trim();
