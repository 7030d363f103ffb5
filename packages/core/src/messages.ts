// User-facing texts. Spec texts are word for word; the rest name the problem plainly.

export const MESSAGES = {
  noEditionAvailable: 'No Edition Available',
  loadingEditions: 'Loading editions...',
  genericError: 'Oops! Something went wrong.',
  articleNotFound: 'Article not found.',
  articleHtmlFailed: 'Failed to load article HTML.',
  publisherRequired: 'publisher is required',
  unknownPublisher: (value: string) => `Unknown publisher "${value}"`,
  dateRequired: 'date is required',
  badDate: (value: string) => `Invalid date "${value}": expected YYYYMMDD or YYYY-MM-DD`,
  beforeArchive: 'Dates before 1 June 2020 are not available',
  badEdition: 'edition must be a whole number from 1 to 2147483647',
  unknownEdition: (edition: number, publisher: string) =>
    `Unknown edition ${edition} for publisher ${publisher}`,
  badMonth: 'month must be a whole number from 1 to 12',
  badYear: 'year must be a whole number from 2020',
  notFound: 'Not found',
  crossSiteRequest: 'This request must come from the site itself.',
  internalError: 'Something went wrong on our side. Please try again.',
  badPreferredEdition: 'The preferred edition must be a whole number from 1 to 2147483647',
  notText: (field: string) => `${field} must be text`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  controlCharacters: (field: string) => `${field} must not contain control characters`,
  noBodyExpected: 'This request takes no body',
  bodyTooDeep: (depth: number) => `The request body is nested more than ${depth} levels deep`,
  badUrl: 'The request address is not valid',
} as const;
