// Reader content calls (spec 1 §7): the calendar's available dates and holiday
// notices, and keeping a signed-in reader's place on the account. The edition
// list (also the profile's edition picker) and edition data (also the article
// view) live in shared/api.
import {
  availableDatesSchema,
  holidayPopupSchema,
  preferencesSchema,
  type AvailableDates,
  type Preferences,
  type ReadingPosition,
} from '@folio/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PREFERENCES_KEY } from '../../shared/api/preferences.ts';
import { CALENDAR_STALE_MS, retryBackgroundWrite } from '../../shared/lib/cache-policy.ts';
import type { CalendarMonth } from '../../shared/lib/display-dates.ts';
import { getJson, sendJson } from '../../shared/lib/http.ts';

export interface AvailableDatesRequest extends CalendarMonth {
  publisher: string;
}

export function fetchAvailableDates(
  request: AvailableDatesRequest,
  signal?: AbortSignal,
): Promise<AvailableDates> {
  return getJson('/api/epaper/available-dates', availableDatesSchema, {
    query: { month: request.month, year: request.year, publisher: request.publisher },
    signal,
  });
}

export const availableDatesQueryOptions = (request: AvailableDatesRequest) =>
  queryOptions({
    queryKey: ['epaper', 'available-dates', request.publisher, request.year, request.month],
    queryFn: ({ signal }) => fetchAvailableDates(request, signal),
    staleTime: CALENDAR_STALE_MS,
  });

export function useAvailableDates(request: AvailableDatesRequest) {
  return useQuery(availableDatesQueryOptions(request));
}

/** The holiday notice for a date, or null when it was an ordinary publishing day. */
export async function fetchHolidayMessage(
  date: string,
  publisher: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const notices = await getJson('/api/pop-up/by-date', holidayPopupSchema, {
    query: { date, publisher },
    signal,
  });
  return notices[0]?.holiday_message ?? null;
}

export const holidayMessageQueryOptions = (date: string, publisher: string) =>
  queryOptions({
    queryKey: ['pop-up', 'by-date', publisher, date],
    queryFn: ({ signal }) => fetchHolidayMessage(date, publisher, signal),
    staleTime: CALENDAR_STALE_MS,
  });

/** Asked only once an edition turns out to be missing; most days need no notice. */
export function useHolidayMessage(date: string, publisher: string, enabled: boolean) {
  return useQuery({ ...holidayMessageQueryOptions(date, publisher), enabled });
}

export function saveReadingPosition(
  publisher: string,
  position: ReadingPosition,
): Promise<Preferences> {
  return sendJson('PUT', '/api/users/reading-position', preferencesSchema, position, {
    query: { publisher },
  });
}

/**
 * Keeps the reader's place on the account (another device resumes there); the
 * answer is the reader's preferences, which replace the cached ones.
 */
export function useSaveReadingPosition(publisher: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (position: ReadingPosition) => saveReadingPosition(publisher, position),
    retry: retryBackgroundWrite,
    onSuccess: (preferences) => {
      queryClient.setQueryData([...PREFERENCES_KEY, publisher], preferences);
    },
  });
}
