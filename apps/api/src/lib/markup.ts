/** Text made safe inside HTML or SVG, in content or a quoted attribute: & < > " ' as numeric references. */
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
