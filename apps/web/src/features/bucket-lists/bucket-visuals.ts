import {
  Building2,
  Compass,
  Landmark,
  Leaf,
  Mountain,
  Palmtree,
  Theater,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import {
  bucketListColors,
  type BucketCategory,
  type BucketListColor,
} from '@vowa/shared/bucket-lists/bucket-list-constants';

export const categoryIcons: Record<BucketCategory, LucideIcon> = {
  adventure: Compass,
  culture: Theater,
  food: UtensilsCrossed,
  nature: Leaf,
  city: Building2,
  beach: Palmtree,
  mountain: Mountain,
  historical: Landmark,
};

/** The CSS gradient of a colour preset (part 1 §3: the eight presets are gradients). */
export function listGradient(color: BucketListColor, angle = 135): string {
  const { from, to } = bucketListColors[color];
  return `linear-gradient(${angle}deg, ${from}, ${to})`;
}

/** The default artwork of a category, shipped with the app. */
export function categoryImage(category: BucketCategory): string {
  return `/artwork/bucket/${category}.svg`;
}

/**
 * The images to try in turn: the item's own, the category default, then adventure's
 * (part 1 §4). When all fail the card shows its gradient.
 */
export function imageChain(category: BucketCategory, image: string): string[] {
  return [...new Set([image, categoryImage(category), categoryImage('adventure')].filter(Boolean))];
}
