import { expect } from 'vitest';

/**
 * How a spreadsheet reads a CSV file with the separator its user (or locale) picks: a `"` that starts a cell
 * opens a quoted value ("" is a quote), a `"` anywhere else is an ordinary character, and a line break ends the
 * record outside quotes (docs/security.md §32).
 */
export function readCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let atStart = true;
  const endCell = () => {
    row.push(cell);
    cell = '';
    atStart = true;
  };
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (atStart && c === '"') {
      for (i++; i < text.length;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
      }
      atStart = false;
    } else if (c === separator) {
      endCell();
      i++;
    } else if (c === '\r' || c === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += c;
      atStart = false;
      i++;
    }
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The cells a reader that ignores quotes altogether sees: lines split on any break, cells on `separator`. */
export const splitCsv = (text: string, separator: string): string[] =>
  text.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator));

const FORMULA = /^[=+\-@\t\r]/;
/** A number as the exports write one (a negative score stays a number). */
const NUMBER = /^-?\d+(\.\d+)?(?:[^\d]|$)/;

/**
 * Asserts that no cell of `text` starts with a formula character coming from text, whichever separator a
 * reader picks (`,` `;` tab) and whether it honours quotes or not. Leading quote marks are looked through (a
 * reader may take them as text or as quoting).
 */
export function expectNoFormulaCells(text: string) {
  for (const separator of [',', ';', '\t']) {
    const cells = [...readCsv(text, separator).flat(), ...splitCsv(text, separator)];
    for (const cell of cells) {
      const bare = cell.replace(/^"+/, '');
      if (FORMULA.test(bare) && !NUMBER.test(bare))
        expect.fail(`a cell starts with a formula under ${JSON.stringify(separator)}: ${JSON.stringify(cell)}`);
    }
  }
}

/** A text value as it was before the export defused it: the apostrophe before a formula character taken out. */
export const undefused = (value: string) => value.replace(/(?<=(?:^|[,;\t\r\n])"*)'(?=[=+\-@\t\r])/g, '');
