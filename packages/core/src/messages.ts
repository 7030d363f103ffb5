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
  badEdition: 'edition must be a positive whole number',
  unknownEdition: (edition: number, publisher: string) =>
    `Unknown edition ${edition} for publisher ${publisher}`,
  badMonth: 'month must be a whole number from 1 to 12',
  badYear: 'year must be a whole number from 2020',
  notFound: 'Not found',
  crossSiteRequest: 'This request must come from the site itself.',
  internalError: 'Something went wrong on our side. Please try again.',
} as const;
