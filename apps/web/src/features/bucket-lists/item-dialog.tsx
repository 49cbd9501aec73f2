import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  BUCKET_ITEM_DEFAULTS,
  bucketCategories,
  bucketPriorities,
} from '@vowa/shared/bucket-lists/bucket-list-constants';
import {
  bucketItemInputSchema,
  type BucketItem,
} from '@vowa/shared/bucket-lists/bucket-list-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { TextInput } from '../../components/ui/text-input';
import { errorMessage } from '../../lib/api-client';
import type { DisplayCurrency } from '@vowa/shared/travel/travel-constants';
import { useFormat } from '../../lib/use-format';
import { translateValidation } from '../../lib/i18n';
import { useSaveItem } from './bucket-api';

/** 'Add Bucket List Item' (no `item`) or 'Edit Bucket List Item'. */
export function ItemDialog({
  open,
  onOpenChange,
  listId,
  item,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  listId: string;
  item?: BucketItem | null;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? t('bucket.itemForm.editTitle') : t('bucket.itemForm.addTitle')}
      closeLabel={t('bucket.close')}
      className="sm:max-w-2xl"
    >
      <ItemForm
        key={item?.id ?? 'new'}
        listId={listId}
        item={item ?? null}
        onDone={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

/** The form's fields: the cost's currency is the item's (or the person's), not typed. */
const itemFormSchema = bucketItemInputSchema.omit({ costCurrency: true });

function defaults(item: BucketItem | null) {
  return {
    title: item?.title ?? '',
    location: item?.location ?? '',
    country: item?.country ?? '',
    description: item?.description ?? '',
    category: item?.category ?? BUCKET_ITEM_DEFAULTS.category,
    priority: item?.priority ?? BUCKET_ITEM_DEFAULTS.priority,
    estimatedCost: item?.estimatedCost ?? BUCKET_ITEM_DEFAULTS.estimatedCost,
    bestTimeToVisit: item?.bestTimeToVisit ?? '',
    notes: item?.notes ?? '',
    // App artwork is the server's choice, not something the person typed.
    image: item?.image && /^https?:/i.test(item.image) ? item.image : '',
  };
}

function ItemForm({
  listId,
  item,
  onDone,
}: {
  listId: string;
  item: BucketItem | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveItem(listId);
  const format = useFormat();
  // A cost is typed in the item's own currency (the one it was entered in), a new one in the
  // person's; cards show it converted for each reader.
  const costCurrency = (item?.costCurrency ?? format.currency) as DisplayCurrency;
  const form = useForm({
    resolver: zodResolver(itemFormSchema),
    defaultValues: defaults(item),
  });
  const { errors, isSubmitting } = form.formState;
  const [title, location, country] = useWatch({
    control: form.control,
    name: ['title', 'location', 'country'],
  });
  const ready = Boolean(title.trim() && location.trim() && country.trim());
  const err = (code: string | undefined) => translateValidation(code);

  const submit = form.handleSubmit(async (values) => {
    try {
      const body =
        item && !values.image && item.image && !/^https?:/i.test(item.image)
          ? // Keep the server's artwork when the person did not type an image URL.
            (({ image: _image, ...rest }) => rest)(values)
          : values;
      await save.mutateAsync({ itemId: item?.id, body: { ...body, costCurrency } });
      form.reset(defaults(null));
      onDone();
    } catch {
      // Shown from the mutation's error below.
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {save.error ? <Banner tone="error">{errorMessage(save.error)}</Banner> : null}
      <TextInput
        label={t('bucket.itemForm.title')}
        required
        autoComplete="off"
        error={err(errors.title?.message)}
        {...form.register('title')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={t('bucket.itemForm.location')}
          required
          autoComplete="off"
          error={err(errors.location?.message)}
          {...form.register('location')}
        />
        <TextInput
          label={t('bucket.itemForm.country')}
          required
          autoComplete="country-name"
          error={err(errors.country?.message)}
          {...form.register('country')}
        />
      </div>
      <Textarea
        label={t('bucket.itemForm.description')}
        error={err(errors.description?.message)}
        {...form.register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          label={t('bucket.itemForm.category')}
          options={bucketCategories.map((value) => ({
            value,
            label: t(`bucket.categories.${value}`),
          }))}
          error={err(errors.category?.message)}
          {...form.register('category')}
        />
        <Select
          label={t('bucket.itemForm.priority')}
          options={bucketPriorities.map((value) => ({
            value,
            label: t(`bucket.priorities.${value}`),
          }))}
          error={err(errors.priority?.message)}
          {...form.register('priority')}
        />
        <TextInput
          label={t('bucket.itemForm.estimatedCost')}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          hint={t('bucket.itemForm.costCurrency', { currency: format.currencyName(costCurrency) })}
          error={err(errors.estimatedCost?.message)}
          {...form.register('estimatedCost', { valueAsNumber: true })}
        />
      </div>
      <TextInput
        label={t('bucket.itemForm.bestTime')}
        autoComplete="off"
        error={err(errors.bestTimeToVisit?.message)}
        {...form.register('bestTimeToVisit')}
      />
      <Textarea
        label={t('bucket.itemForm.notes')}
        error={err(errors.notes?.message)}
        {...form.register('notes')}
      />
      <TextInput
        label={t('bucket.itemForm.image')}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        hint={t('bucket.itemForm.imageHint')}
        error={err(errors.image?.message)}
        {...form.register('image')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('bucket.cancel')}
        </Button>
        <Button type="submit" disabled={!ready} loading={isSubmitting}>
          {item ? t('bucket.itemForm.update') : t('bucket.itemForm.add')}
        </Button>
      </div>
    </form>
  );
}
