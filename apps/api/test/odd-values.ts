// Wrong-shaped input for the hostile-input and fuzz suites. Not a test file itself.

/** Values of every wrong shape a client might send in place of one field. */
export const ODD_VALUES: readonly unknown[] = [
  null,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  '',
  '   ',
  'x'.repeat(10_000),
  '\u0000',
  '😀'.repeat(60),
  '2025-13-45T25:61:00Z',
  true,
  [],
  [null],
  ['not-a-uuid'],
  {},
  { nested: { deeper: 1 } },
];

/** Whole bodies of the wrong shape. */
export const ODD_BODIES: readonly unknown[] = [null, [], 'text', 42, { unknown: 1 }];
