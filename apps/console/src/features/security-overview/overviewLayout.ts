/** Cards side by side on wide screens, one under the other on phones. */
export const CARD_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
  '& > section': { mt: 0 },
} as const;
