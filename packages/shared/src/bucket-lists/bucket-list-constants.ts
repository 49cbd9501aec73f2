/** Part 1 §3 and §9: categories, priorities, colour presets and item defaults. */
export const bucketCategories = [
  'adventure',
  'culture',
  'food',
  'nature',
  'city',
  'beach',
  'mountain',
  'historical',
] as const;
export type BucketCategory = (typeof bucketCategories)[number];

export const bucketPriorities = ['low', 'medium', 'high'] as const;
export type BucketPriority = (typeof bucketPriorities)[number];

/** The eight colour presets, stored by key; the web maps each to its gradient. */
export const bucketListColors = {
  'ocean-blue': { name: 'Ocean Blue', from: '#0ea5e9', to: '#2563eb' },
  'sunset-orange': { name: 'Sunset Orange', from: '#f97316', to: '#e11d48' },
  'forest-green': { name: 'Forest Green', from: '#22c55e', to: '#047857' },
  'royal-purple': { name: 'Royal Purple', from: '#a855f7', to: '#4f46e5' },
  'golden-yellow': { name: 'Golden Yellow', from: '#facc15', to: '#f59e0b' },
  'rose-pink': { name: 'Rose Pink', from: '#f472b6', to: '#e11d48' },
  'slate-gray': { name: 'Slate Gray', from: '#64748b', to: '#334155' },
  teal: { name: 'Teal', from: '#2dd4bf', to: '#0f766e' },
} as const;
export type BucketListColor = keyof typeof bucketListColors;
export const bucketListColorKeys = Object.keys(bucketListColors) as [
  BucketListColor,
  ...BucketListColor[],
];
export const DEFAULT_BUCKET_LIST_COLOR: BucketListColor = 'ocean-blue';

export const BUCKET_ITEM_DEFAULTS = {
  category: 'adventure',
  priority: 'medium',
  estimatedCost: 0,
} as const satisfies { category: BucketCategory; priority: BucketPriority; estimatedCost: number };

export const BUCKET_LIST_NAME_MAX = 80;
export const BUCKET_LIST_DESCRIPTION_MAX = 500;
export const BUCKET_ITEM_TEXT_MAX = 120;
export const BUCKET_ITEM_LONG_TEXT_MAX = 2000;
export const BUCKET_ITEM_COST_MAX = 10_000_000;
