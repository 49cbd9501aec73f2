import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { LocateFixed } from 'lucide-react';
import type { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  editProfileSchema,
  type EditProfileRequest,
  type Profile,
} from '@vowa/shared/profile/profile-schemas';
import type { Airport } from '@vowa/shared/travel/travel-schemas';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { TextInput } from '../../components/ui/text-input';
import { ApiError } from '../../lib/api-client';
import { fieldErrorText } from '../../lib/error-text';
import { translateValidation } from '../../lib/i18n';
import { AirportCombobox } from '../../components/airport-combobox';
import { useReverseGeocode, useSaveProfile } from './profile-api';

const formSchema = editProfileSchema.pick({
  name: true,
  display_name: true,
  email: true,
  bio: true,
  location: true,
  website: true,
  phone: true,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const textFields = [
  'name',
  'display_name',
  'email',
  'bio',
  'location',
  'website',
  'phone',
] as const satisfies readonly (keyof FormInput & keyof Profile)[];
type TextField = (typeof textFields)[number];
const isTextField = (field: string): field is TextField =>
  (textFields as readonly string[]).includes(field);

/** How long the browser may take to find the position, and how old a known one may be. */
const GEOLOCATION_OPTIONS: PositionOptions = { timeout: 20_000, maximumAge: 10 * 60_000 };

export type FocusField = 'name' | 'bio';

/**
 * Profile edit mode (part 1 §4): the fields, Detect location, Save and Cancel. Only what
 * changed is sent; the shared schema checks it first and the server's 422 errors land under
 * their fields too.
 */
export function ProfileForm({
  profile,
  pendingAvatar,
  uploading,
  focusField,
  onCancel,
  onSaved,
  onSavingChange,
  onAvatarError,
}: {
  profile: Profile;
  /** An uploaded photo's URL, null to remove the photo, undefined to keep it. */
  pendingAvatar: string | null | undefined;
  uploading: boolean;
  focusField: FocusField;
  onCancel: () => void;
  /** `emailSentTo` is the new address a confirmation link went to, if any. */
  onSaved: (profile: Profile | null, emailSentTo: string | null) => void;
  onSavingChange: (saving: boolean) => void;
  onAvatarError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const geocode = useReverseGeocode();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: {
      name: profile.name,
      display_name: profile.display_name,
      email: profile.email,
      bio: profile.bio,
      location: profile.location,
      website: profile.website,
      phone: profile.phone,
    },
  });
  const { errors } = form.formState;
  const [airport, setAirport] = useState<Airport | null>(profile.home_airport);
  // What the airport field shows; text without a chosen airport is not a valid answer.
  const [airportText, setAirportText] = useState('');
  const [airportError, setAirportError] = useState<string | undefined>();
  const [saveError, setSaveError] = useState<{ detail: string | undefined } | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationStatus, setLocationStatus] = useState<
    { kind: 'error' | 'done'; text: string } | undefined
  >();
  const saving = save.isPending;

  const { setFocus } = form;
  useEffect(() => setFocus(focusField), [setFocus, focusField]);
  useEffect(() => onSavingChange(saving), [onSavingChange, saving]);

  const detectLocation = () => {
    setLocationStatus(undefined);
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      setLocationStatus({ kind: 'error', text: t('profile.location.unsupported') });
      return;
    }
    setLocating(true);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        geocode.mutate(
          { latitude: coords.latitude, longitude: coords.longitude },
          {
            onSuccess: ({ label }) => {
              form.setValue('location', label, { shouldDirty: true, shouldValidate: true });
              setLocationStatus({ kind: 'done', text: t('profile.location.detected', { label }) });
            },
            onError: () => setLocationStatus({ kind: 'error', text: t('profile.location.failed') }),
            onSettled: () => setLocating(false),
          },
        );
      },
      () => {
        setLocating(false);
        setLocationStatus({ kind: 'error', text: t('profile.location.denied') });
      },
      GEOLOCATION_OPTIONS,
    );
  };

  const showServerErrors = (error: unknown) => {
    const fieldErrors = error instanceof ApiError ? (error.errors ?? []) : [];
    let unplaced = fieldErrors.length === 0;
    for (const fieldError of fieldErrors) {
      const name = fieldError.field.split('.').at(-1) ?? fieldError.field;
      const text = fieldErrorText(fieldError);
      if (isTextField(name)) form.setError(name, { type: 'server', message: text });
      else if (name === 'home_airport') setAirportError(text);
      else if (name === 'avatar') onAvatarError(text);
      else unplaced = true;
    }
    const fieldNames = fieldErrors.map(({ field }) => field.split('.').at(-1) ?? field);
    const firstField = fieldNames.find(isTextField);
    if (firstField) form.setFocus(firstField);
    setSaveError({
      detail: error instanceof ApiError && unplaced ? error.serverText : undefined,
    });
  };

  const airportUnchosen = airportText.trim() !== '' && !airport;

  const submit = (values: FormOutput) => {
    setSaveError(null);
    if (airportUnchosen) return;
    const changes: EditProfileRequest = {};
    for (const field of textFields) {
      const value = values[field];
      if (value !== undefined && value !== profile[field]) changes[field] = value;
    }
    if (pendingAvatar !== undefined && pendingAvatar !== profile.avatar) {
      changes.avatar = pendingAvatar;
    }
    const airportCode = airport?.code ?? '';
    if (airportCode !== (profile.home_airport?.code ?? '')) changes.home_airport = airportCode;

    if (Object.keys(changes).length === 0) {
      onSaved(null, null);
      return;
    }
    save.mutate(changes, {
      onSuccess: (saved) =>
        onSaved(saved, changes.email !== undefined ? (saved.pending_email ?? null) : null),
      onError: showServerErrors,
    });
  };

  const error = (field: TextField) => translateValidation(errors[field]?.message);

  return (
    <form
      noValidate
      aria-labelledby="profile-edit-title"
      className="space-y-5"
      onSubmit={(event) => {
        if (airportUnchosen) setAirportError(t('profile.fields.homeAirportChoose'));
        void form.handleSubmit(submit)(event);
      }}
    >
      <h2 id="profile-edit-title" className="text-lg font-semibold tracking-tight">
        {t('profile.editTitle')}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label={t('profile.fields.name')}
          required
          autoComplete="name"
          error={error('name')}
          {...form.register('name')}
        />
        <TextInput
          label={t('profile.fields.displayName')}
          autoComplete="nickname"
          hint={t('profile.fields.displayNameHint')}
          error={error('display_name')}
          {...form.register('display_name')}
        />
        <TextInput
          label={t('profile.fields.email')}
          type="email"
          required
          autoComplete="email"
          hint={t('profile.fields.emailHint')}
          error={error('email')}
          className="sm:col-span-2"
          {...form.register('email')}
        />
        <Textarea
          label={t('profile.fields.bio')}
          rows={4}
          hint={t('profile.fields.bioHint', { max: BIO_MAX_LENGTH })}
          error={error('bio')}
          className="sm:col-span-2"
          {...form.register('bio')}
        />
        <div className="space-y-2 sm:col-span-2">
          <TextInput
            label={t('profile.fields.location')}
            autoComplete="off"
            placeholder={t('profile.fields.locationPlaceholder')}
            error={error('location')}
            {...form.register('location')}
          />
          <Button
            size="sm"
            variant="outline"
            loading={locating}
            loadingText={t('profile.location.detecting')}
            onClick={detectLocation}
          >
            <LocateFixed aria-hidden="true" className="size-4" />
            {t('profile.location.detect')}
          </Button>
          <div aria-live="polite" className="text-sm text-ink-muted">
            {locationStatus?.kind === 'done' ? <p>{locationStatus.text}</p> : null}
          </div>
          {locationStatus?.kind === 'error' ? (
            <Banner tone="error">{locationStatus.text}</Banner>
          ) : null}
        </div>
        <TextInput
          label={t('profile.fields.website')}
          inputMode="url"
          autoComplete="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('profile.fields.websitePlaceholder')}
          error={error('website')}
          {...form.register('website')}
        />
        <TextInput
          label={t('profile.fields.phone')}
          type="tel"
          autoComplete="tel"
          placeholder={t('profile.fields.phonePlaceholder')}
          error={error('phone')}
          {...form.register('phone')}
        />
        <div className="sm:col-span-2">
          <AirportCombobox
            label={t('profile.fields.homeAirport')}
            value={airport}
            hint={t('profile.fields.homeAirportHint')}
            error={airportError}
            onChange={(chosen, text) => {
              setAirport(chosen);
              setAirportText(text);
              setAirportError(undefined);
            }}
          />
        </div>
      </div>

      {saveError ? (
        <Banner tone="error">
          {t('profile.saveFailed')}
          {saveError.detail ? <span className="block">{saveError.detail}</span> : null}
        </Banner>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={saving} onClick={onCancel}>
          {t('profile.cancel')}
        </Button>
        <Button
          type="submit"
          loading={saving}
          loadingText={t('profile.saving')}
          disabled={uploading}
        >
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
