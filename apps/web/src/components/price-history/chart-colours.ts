/**
 * The price chart's strokes per theme, each readable (AA for text, 3:1 for lines) on its
 * surface; the legend under the chart uses the same ones.
 */
export const chartPalettes = {
  light: {
    price: '#6d28d9',
    market: '#475569',
    target: '#047857',
    grid: '#dbe2ec',
    text: '#475569',
  },
  dark: {
    price: '#c4b5fd',
    market: '#9aa7ba',
    target: '#6ee7b7',
    grid: 'rgba(148, 163, 184, 0.22)',
    text: '#9aa7ba',
  },
} as const;
