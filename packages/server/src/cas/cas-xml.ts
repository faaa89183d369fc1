/** The failure codes of the CAS protocol's validation answers. */
export type CasFailureCode = 'INVALID_REQUEST' | 'INVALID_TICKET' | 'INVALID_SERVICE' | 'INTERNAL_ERROR';

/** What a CAS validation answers about a user: `cas:user` and, in CAS 3.0, named attributes (repeated for several values). */
export interface CasPrincipal {
  user: string;
  attributes: Record<string, string | string[]>;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Attribute names become element names: anything but letters, digits, `_`, `-` and `.` is dropped. */
const elementName = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, '');

const wrap = (body: string) => `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${body}\n</cas:serviceResponse>\n`;

export function casFailure(code: CasFailureCode, message: string): string {
  return wrap(`  <cas:authenticationFailure code="${code}">${escapeXml(message)}</cas:authenticationFailure>`);
}

/** A success; attributes only when `withAttributes` (CAS 3.0 and the p3 endpoint). */
export function casSuccess(principal: CasPrincipal, withAttributes: boolean): string {
  const lines = [`    <cas:user>${escapeXml(principal.user)}</cas:user>`];
  if (withAttributes) {
    lines.push('    <cas:attributes>');
    for (const [name, value] of Object.entries(principal.attributes)) {
      const tag = elementName(name);
      for (const one of [value].flat()) lines.push(`      <cas:${tag}>${escapeXml(one)}</cas:${tag}>`);
    }
    lines.push('    </cas:attributes>');
  }
  return wrap(`  <cas:authenticationSuccess>\n${lines.join('\n')}\n  </cas:authenticationSuccess>`);
}
