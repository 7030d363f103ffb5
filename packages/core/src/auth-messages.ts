// The words of sign-in and the account (spec 1 §5, §8; Folio's own answers in
// docs/auth-api.md): what the web app shows and the server answers, kept apart
// from the rules in auth.ts that say them. auth.ts re-exports both objects.

export const AUTH_MESSAGES = {
  mobileRequired: 'Please enter your mobile number',
  mobileInvalid: 'Invalid mobile number',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Invalid email',
  /** Browser-style tooltip on an empty login e-mail (spec 1 §5). */
  fillOutField: 'Please fill out this field',
  otpInvalid: 'Invalid OTP.',
  profilePhoneRequired: 'Please enter a valid phone number',
  phonePatternInvalid: 'Please enter a valid 10-digit phone number',
  profilePhonePatternInvalid: 'Enter valid 10-digit mobile number',
  profileEmailInvalid: 'Please enter a valid email address',
  nameTooShort: 'Please enter at least 2 characters',
  nameInvalid: 'Please enter a valid name',
  samePhone: 'User already exists with this mobile number',
  sameEmail: 'User already exists with this email',
  loginAttemptNotFound: 'Login attempt information not found',
  missingAuthData: 'Missing required authentication data',
  jwtFailed: 'Failed to get JWT token',
  signInNotAllowed: 'Sign in not allowed.',
  startFailed: 'Failed to start verification. Please try again.',
  resendPhoneFailed: 'Invalid phone number',
  resendEmailFailed: 'Invalid email',
  socialNoEmail: 'No email provided by social login. Please use another form of login',
  socialLoginFailed: 'An error occurred during login. Please try again.',
  oneTapStateMissing: 'Google authentication state not found. Please try again.',
  oneTapNotOk: 'Login failed. Please try again.',
  oneTapException: 'Error during login. Please try again or use another login method.',
  phoneChangeFailed: 'Failed to update phone number. Please try again.',
  emailChangeFailed: 'Failed to update email. Please try again.',
  nameChangeFailed: 'Failed to update name. Please try again.',
  preferencesFailed: 'Failed to update preferences.',
  /** Server answers (docs/auth-api.md); the web app shows them as they come. */
  destinationRequired: 'Please enter your mobile number or email address',
  signInRequired: 'Please log in to continue.',
  thirdPartyEmailLocked: 'This field cannot be edited for third-party login users',
  tooManyRequests: 'Too many requests. Please try again later.',
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP.`,
  destinationSendLimit: (minutes: number) =>
    `Too many OTPs were sent to this mobile number or email. Please try again in ${minutes} minutes.`,
  accountSendLimit: (minutes: number) =>
    `Too many OTPs were requested for this account. Please try again in ${minutes} minutes.`,
  networkSendLimit: (minutes: number) =>
    `Too many OTPs were requested from your network. Please try again in ${minutes} minutes.`,
  newsletterOtherBrand: 'This newsletter is not offered by this publication.',
  newsletterNeedsEmail: 'Please add an email address to sign up for the newsletter.',
  newsletterEmailMismatch: 'The newsletter can only be sent to the email address of your account.',
} as const;

/** Why a reading position is refused; the server also says the date one for a future date. */
export const READING_POSITION_MESSAGES = {
  badDate: 'date must be a date written yyyy-MM-dd, from 1 June 2020 until today',
  badPage: 'page must be a whole number from 0 to 999',
} as const;
