import type { BucketItem, BucketList } from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { sampleUser } from '../../test/fetch-mock';

/** Builders for the component tests. */
export function makeItem(overrides: Partial<BucketItem> = {}): BucketItem {
  return {
    id: crypto.randomUUID(),
    title: 'Climb Mount Fuji',
    description: '',
    location: 'Fujinomiya',
    country: 'Japan',
    category: 'mountain',
    priority: 'medium',
    estimatedCost: 0,
    costCurrency: 'USD',
    bestTimeToVisit: '',
    isCompleted: false,
    completedDate: null,
    notes: '',
    image: '/artwork/bucket/mountain-1.svg',
    imageCredit: null,
    imageStatus: 'ready',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeList(overrides: Partial<BucketList> = {}): BucketList {
  return {
    id: crypto.randomUUID(),
    name: 'Japan 2027',
    description: 'Temples and peaks',
    color: 'ocean-blue',
    isPublic: false,
    ownerId: sampleUser.id,
    ownerName: sampleUser.name,
    ownerAvatar: null,
    sharedWith: [],
    items: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
