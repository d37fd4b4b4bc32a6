import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCell, safeCell } from './csv-cells.js';
import { csvHeader, csvRow, readSplitwiseCsv } from './splitwise-csv.js';

/** Text that likes to begin with what a spreadsheet evaluates. */
const text = fc
  .tuple(
    fc.array(fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', ' ', '\n', '"', ','), {
      maxLength: 4,
    }),
    fc.string({ maxLength: 12 }),
  )
  .map(([start, rest]) => start.join('') + rest);

describe('CSV cells against formula injection', () => {
  it('never writes a cell a spreadsheet would evaluate', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(safeCell(s)).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
    expect(safeCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(safeCell('+SUM(1+1)')).toBe("'+SUM(1+1)");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('-2+3')).toBe("'-2+3");
    expect(safeCell("'=x")).toBe("''=x");
    expect(safeCell('Dinner')).toBe('Dinner');
  });

  it('reads back exactly the (trimmed) text it wrote', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(readCell(safeCell(s))).toBe(s.trim());
      }),
    );
  });

  it('round-trips through a whole file: names, descriptions and categories', () => {
    fc.assert(
      fc.property(text, text, (name, description) => {
        const people = [
          'Ann',
          name.trim() === '' || name.trim().toLowerCase() === 'ann' ? 'B' : name,
        ];
        const file = readSplitwiseCsv(
          Buffer.from(
            csvHeader(people) +
              csvRow({
                date: '2025-02-03',
                description,
                categoryName: '-General',
                costCents: 1250,
                currency: 'EUR',
                original: null,
                effects: [-625, 625],
              }),
          ),
        );
        expect(file.people).toEqual(people.map((p) => p.trim()));
        expect(file.rows[0]).toMatchObject({
          description: description.trim(),
          categoryName: '-General',
          effects: [-625, 625],
        });
      }),
    );
  });

  it('writes negative amounts as numbers, quoted text cells in quotes', () => {
    const line = csvRow({
      date: '2025-02-03',
      description: '=1+1',
      categoryName: 'General',
      costCents: 1250,
      currency: 'EUR',
      original: null,
      effects: [-625, 625],
    });
    expect(line).toBe(`2025-02-03,"'=1+1",General,12.50,EUR,,,-6.25,6.25\r\n`);
  });
});
