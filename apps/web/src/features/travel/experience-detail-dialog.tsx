import { useTranslation } from 'react-i18next';
import {
  BadgeCheck,
  CalendarCheck,
  ChevronLeft,
  ChevronRight,
  CircleCheck,
  CircleX,
  Clock,
  Gauge,
  Info,
  Languages,
  ListChecks,
  MapPin,
  Route,
  ShieldCheck,
  Sparkles,
  Star,
  Tag,
  UserRound,
  Users,
} from 'lucide-react';
import type { Experience } from '@vowa/shared/travel/travel-schemas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useFormat } from '../../lib/use-format';
import { usePlaceName } from '../../lib/use-place-names';
import { ImageCarousel } from './image-carousel';
import { ConvertedNote, DetailSection, DialogFooter, IconList, InfoList } from './travel-parts';

/**
 * Part 2 §2 Experience detail dialog: every field of part 2 §3. 'Select for Group' in group
 * context; 'Book Experience' when the caller can book (onBook: the booking dialog).
 */
export function ExperienceDetailDialog({
  open,
  onClose,
  experience,
  groupContext = false,
  onGroupUpdate,
  onBook,
  position,
}: {
  open: boolean;
  onClose: () => void;
  experience: Experience;
  groupContext?: boolean;
  onGroupUpdate?: (experience: Experience, action: 'selected') => void;
  onBook?: (experience: Experience) => void;
  /** When the trip has several experiences: which one this is, and how to move between them. */
  position?: { index: number; total: number; onPrevious: () => void; onNext: () => void };
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const placeName = usePlaceName();
  const na = t('travel.notAvailable');
  const text = (value: string | null | undefined) => (value && value.trim() ? value : na);
  const exp = experience;
  const city = placeName(exp.location.city);

  return (
    <Dialog
      open={open}
      onOpenChange={(value) => {
        if (!value) onClose();
      }}
      title={exp.name || na}
      description={[t(`travel.experience.types.${exp.type}`), exp.category, city]
        .filter(Boolean)
        .join(' · ')}
      header={
        position && position.total > 1 ? (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('travel.experience.previous')}
              onClick={position.onPrevious}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </Button>
            <span className="text-sm text-ink-muted">
              {t('travel.experience.position', {
                index: position.index + 1,
                total: position.total,
              })}
            </span>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('travel.experience.next')}
              onClick={position.onNext}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </Button>
          </div>
        ) : null
      }
      className="sm:max-w-2xl"
    >
      <div className="space-y-6">
        <ImageCarousel
          key={exp.id}
          images={exp.images}
          label={t('travel.experience.gallery')}
          altFor={(index, total) =>
            t('travel.experience.imageAlt', { name: exp.name, index, total })
          }
        />

        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-xs font-medium text-ink-muted">
              {t('travel.experience.pricePerPerson')}
            </p>
            <p className="text-2xl font-bold" data-testid="experience-price">
              {exp.price === null
                ? t('travel.priceNotAvailable')
                : format.money(exp.price, exp.currency, 'always')}
            </p>
            <ConvertedNote quote={exp.quote} currency={exp.currency} />
          </div>
          <p className="flex items-center gap-1.5 text-sm">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            {t('travel.experience.ratingValue', {
              rating: exp.rating.toFixed(1),
              count: exp.reviewCount,
            })}
          </p>
        </div>

        <DetailSection title={t('travel.experience.about')} icon={Info}>
          <p className="leading-relaxed text-ink">{text(exp.description)}</p>
        </DetailSection>

        <DetailSection title={t('travel.experience.quickInfo')} icon={ListChecks}>
          <InfoList
            items={[
              { term: t('travel.experience.duration'), value: text(exp.duration), icon: Clock },
              {
                term: t('travel.experience.groupSize'),
                value: t('travel.experience.groupSizeValue', {
                  min: exp.groupSize.min,
                  max: exp.groupSize.max,
                }),
                icon: Users,
              },
              {
                term: t('travel.experience.age'),
                value: text(exp.ageRestriction),
                icon: UserRound,
              },
              {
                term: t('travel.experience.difficulty'),
                value: t(`travel.experience.difficulties.${exp.difficulty}`),
                icon: Gauge,
              },
              {
                term: t('travel.experience.languages'),
                value: exp.languages.length > 0 ? exp.languages.join(', ') : na,
                icon: Languages,
              },
              {
                term: t('travel.experience.rating'),
                value: t('travel.experience.ratingValue', {
                  rating: exp.rating.toFixed(1),
                  count: exp.reviewCount,
                }),
                icon: Star,
              },
            ]}
          />
        </DetailSection>

        {exp.highlights.length > 0 ? (
          <DetailSection title={t('travel.experience.highlights')} icon={Sparkles}>
            <IconList items={exp.highlights} icon={CircleCheck} />
          </DetailSection>
        ) : null}

        {exp.schedule.length > 0 ? (
          <DetailSection title={t('travel.experience.itinerary')} icon={Route}>
            <ol className="space-y-3 border-l-2 border-violet-300 pl-4 dark:border-violet-400/40">
              {exp.schedule.map((step) => (
                <li key={`${step.time}-${step.activity}`}>
                  <p className="text-xs font-semibold text-violet-800 dark:text-violet-200">
                    {step.time}
                    {step.duration ? ` · ${step.duration}` : ''}
                  </p>
                  <p className="text-ink">{step.activity}</p>
                </li>
              ))}
            </ol>
          </DetailSection>
        ) : null}

        <div className="grid gap-6 sm:grid-cols-2">
          <DetailSection title={t('travel.experience.included')} icon={CircleCheck}>
            {exp.included.length > 0 ? (
              <IconList
                items={exp.included}
                icon={CircleCheck}
                iconClassName="text-emerald-700 dark:text-emerald-300"
                className="sm:grid-cols-1"
              />
            ) : (
              <p className="text-ink-muted">{na}</p>
            )}
          </DetailSection>
          <DetailSection title={t('travel.experience.notIncluded')} icon={CircleX}>
            {exp.notIncluded.length > 0 ? (
              <IconList
                items={exp.notIncluded}
                icon={CircleX}
                iconClassName="text-red-700 dark:text-red-300"
                className="sm:grid-cols-1"
              />
            ) : (
              <p className="text-ink-muted">{na}</p>
            )}
          </DetailSection>
        </div>

        <DetailSection title={t('travel.experience.provider')} icon={ShieldCheck}>
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-semibold text-ink">{text(exp.provider.name)}</span>
            {exp.provider.verified ? (
              <Badge tone="success">
                <BadgeCheck aria-hidden="true" className="size-3.5" />
                {t('travel.experience.verified')}
              </Badge>
            ) : (
              <Badge tone="neutral">{t('travel.experience.notVerified')}</Badge>
            )}
            <span className="text-ink-muted">
              {t('travel.experience.providerRating', { rating: exp.provider.rating.toFixed(1) })}
            </span>
          </div>
          {exp.provider.contact ? (
            <p className="mt-2 text-ink-muted">{exp.provider.contact}</p>
          ) : null}
        </DetailSection>

        <DetailSection title={t('travel.experience.meetingPoint')} icon={MapPin}>
          <p className="text-ink">{text(exp.meetingPoint)}</p>
          <p className="mt-1 text-ink-muted">
            <span className="font-medium">{t('travel.experience.location')}:</span>{' '}
            {[exp.location.name, exp.location.address, city].filter(Boolean).join(', ') || na}
          </p>
        </DetailSection>

        <DetailSection title={t('travel.experience.availability')} icon={CalendarCheck}>
          <p className="text-ink">{text(exp.availability)}</p>
        </DetailSection>

        {exp.tags.length > 0 ? (
          <DetailSection title={t('travel.experience.tags')} icon={Tag}>
            <ul className="flex flex-wrap gap-2">
              {exp.tags.map((tag) => (
                <li key={tag}>
                  <Badge tone="neutral">{tag}</Badge>
                </li>
              ))}
            </ul>
          </DetailSection>
        ) : null}

        <DetailSection title={t('travel.experience.cancellation')} icon={CalendarCheck}>
          <p className="text-ink">{text(exp.cancellationPolicy)}</p>
        </DetailSection>
      </div>

      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('travel.close')}
        </Button>
        {groupContext ? (
          <Button
            onClick={() => {
              onGroupUpdate?.(exp, 'selected');
              onClose();
            }}
          >
            {t('travel.selectForGroup')}
          </Button>
        ) : onBook ? (
          <Button onClick={() => onBook(exp)}>{t('travel.experience.book')}</Button>
        ) : null}
      </DialogFooter>
    </Dialog>
  );
}
