/**
 * C0 control characters (and DEL) other than tab, line feed and carriage return. PostgreSQL refuses
 * NUL in text, and none of them means anything in a name, a note or an answer: typed input that
 * holds one is refused with a message, text that arrives from elsewhere (the upstream) is cleaned.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export const CONTROL_CHARS_MESSAGE =
  "This contains a control character that cannot be saved; remove it and try again.";

export function hasControlChars(text: string): boolean {
  return CONTROL.test(text);
}

export function stripControlChars(text: string): string {
  return text.replace(CONTROL_ALL, "");
}
