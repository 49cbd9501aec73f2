/**
 * Every validation message the spec quotes, keyed by a stable code.
 *
 * Schemas carry the code as their zod message; the server turns it into the English text for
 * `detail`, and the web translates the same code through its i18n catalogs. So a rule and its
 * message are written once, here.
 */
export const validationMessages = {
  invalidValue: 'This value is not valid',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  emailTooLong: 'Email must be at most 254 characters',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordRequired: 'New password is required',
  tokenRequired: 'The token is required',
  textTooLong: 'This text is too long',
  listNameRequired: 'List name is required',
  titleRequired: 'Title is required',
  locationRequired: 'Location is required',
  countryRequired: 'Country is required',
  colorInvalid: 'Choose one of the colour themes',
  categoryInvalid: 'Choose one of the categories',
  priorityInvalid: 'Priority must be low, medium or high',
  costInvalid: 'Estimated cost must be a number of at least 0',
  imageUrlInvalid: 'Image must be a web address starting with http:// or https://',
  incomeInvalid: 'Monthly income must be more than 0',
  expensesInvalid: 'Monthly expenses must be 0 or more',
  balanceInvalid: 'Available balance must be 0 or more',
  creditScoreInvalid: 'Credit score must be a whole number from 0 to 900',
  /** The limits in the person's currency fill in {{min}}, {{max}}, {{step}} (`budgetLimitsIn`). */
  budgetInvalid: 'Budget must be between {{min}} and {{max}}',
  budgetStep: 'Budget must be in steps of {{step}}',
  autoBookingInvalid: 'Auto-booking must be on or off',
  // Payments: the card form.
  cardNumberInvalid: 'Your card number is invalid.',
  cardExpiryInvalid: 'Enter the expiry month and year shown on the card.',
  cardCvcInvalid: 'The security code is 3 or 4 digits.',
  cardNameRequired: 'Enter the name on the card.',
  thresholdInvalid: 'Price alert threshold must be between 50% and 95%',
  publicTokenRequired: 'The public token is required',
  chooseAccount: 'Choose at least one account',
  dateInvalid: 'Dates must be written as YYYY-MM-DD',
  timeInvalid: 'Times must be written as HH:MM',
  airportInvalid: 'Airports are three-letter IATA codes, like JFK',
  airportQueryRequired: 'Type part of an airport or city name',
  travelersInvalid: 'Travelers must be a whole number from 1 to 10',
  currencyInvalid: 'Currency must be USD, EUR, GBP, JPY or CAD',
  travelClassInvalid: 'Travel class must be economy, premium, business or first',
  cityRequired: 'City is required',
  roomTypeInvalid: 'Choose one of the room types',
  searchTypeInvalid: 'Search type must be flights or hotels',
  experienceTypeInvalid: 'Choose one of the experience types',
  nightsInvalid: 'Nights must be a whole number from 1 to 30',
  requoteKindInvalid: 'Re-quote kind must be flight or hotel',
  dealCategoryInvalid: 'Choose one of the deal categories',
  phoneInvalid: 'Please enter a valid phone number.',
  // The Invite to Group dialog (part 2 §5, §8).
  inviteEmailInvalid: 'Invalid email address',
  invitePhoneTooShort: 'Phone number too short',
  invitePhoneTooLong: 'Phone number too long',
  locationInvalid: 'Please enter a valid location.',
  websiteInvalid: 'Please enter a valid website address.',
  coordinatesInvalid: 'The position must be a latitude and a longitude',
  platformInvalid: 'Choose Instagram or TikTok',
  usernameInvalid: 'Usernames are 1 to 30 letters, digits, dots or underscores',
  followersInvalid: 'Followers must be a whole number of 0 or more',
  settingInvalid: 'Choose one of the listed options',
  languageInvalid: 'Language must be English, Spanish, French, German or Japanese',
  timezoneInvalid: 'Choose one of the listed time zones',
  messageRequired: 'Type a message first',
  messageTooLong: 'A message can be at most 2,000 characters',
  conversationInvalid: 'That conversation does not exist',
  conversationNameRequired: 'Conversation name is required',
  conversationNameTooLong: 'A conversation name can be at most 80 characters',
  groupNameRequired: 'Group name is required',
  clientIdInvalid: 'The message id must be a UUID',
  userInvalid: 'That person does not exist',
} as const;

export type ValidationMessageCode = keyof typeof validationMessages;

export function isValidationMessageCode(value: string): value is ValidationMessageCode {
  return Object.hasOwn(validationMessages, value);
}

/** The English text for a code; any other text (a zod default) is returned unchanged. */
export function validationMessageText(codeOrText: string): string {
  return isValidationMessageCode(codeOrText) ? validationMessages[codeOrText] : codeOrText;
}
