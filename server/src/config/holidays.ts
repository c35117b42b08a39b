/**
 * Mainland China public holidays (State Council notices). freeday: statutory days off;
 * workday: weekend days that are working days in exchange. spec §3: the call returns years
 * with day-of-year lists; spec §9: default year 2025.
 */
export interface HolidayYear {
  year: number;
  freeday: string[];
  workday: string[];
}

const range = (from: string, days: number): string[] =>
  Array.from({ length: days }, (_, i) => {
    const d = new Date(`${from}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return d.toISOString().slice(0, 10);
  });

export const HOLIDAYS: readonly HolidayYear[] = [
  {
    year: 2024,
    freeday: [
      '2024-01-01',
      ...range('2024-02-10', 8),
      ...range('2024-04-04', 3),
      ...range('2024-05-01', 5),
      '2024-06-10',
      ...range('2024-09-15', 3),
      ...range('2024-10-01', 7),
    ],
    workday: [
      '2024-02-04',
      '2024-02-18',
      '2024-04-07',
      '2024-04-28',
      '2024-05-11',
      '2024-09-14',
      '2024-09-29',
      '2024-10-12',
    ],
  },
  {
    year: 2025,
    freeday: [
      '2025-01-01',
      ...range('2025-01-28', 8),
      ...range('2025-04-04', 3),
      ...range('2025-05-01', 5),
      ...range('2025-05-31', 3),
      ...range('2025-10-01', 8),
    ],
    workday: ['2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11'],
  },
];
