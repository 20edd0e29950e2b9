/**
 * The start field is a native `datetime-local` input (no date-picker dependency): its value is
 * local wall-clock time without a zone, 'YYYY-MM-DDTHH:mm'. The API takes ISO 8601 with an offset.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as the input shows it, in the browser's time zone, to the minute. */
export function toLocalInput(moment: Date | string): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
}

/** The input's value as ISO 8601 (UTC, 'Z'); '' when empty or unreadable, which the contract reports. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
