-- The photographer's credit of an Unsplash photo the image finder chose for a bucket-list item
-- ({ photographer, photographerUrl, sourceUrl }), shown with the photo as Unsplash requires.
-- Null for artwork and for an image URL the person gave.
ALTER TABLE "bucket_items" ADD COLUMN "image_credit" jsonb;
