// The desk console's calls (issue 26), each parsed against @folio/core/desk. The
// board polls every 2 s while the console is open, so the desk sees pages arrive.
import { okResponseSchema, type BrandCode } from '@folio/core';
import {
  auditPageSchema,
  boardSchema,
  deskCatalogueSchema,
  editionDaySchema,
  type BrandChoicesChange,
  type CatalogueChange,
  deskMeSchema,
  holidayListSchema,
  holidaySchema,
  secondFactorSetupSchema,
  staffListSchema,
  staffMemberSchema,
  type DeskRole,
} from '@folio/core/desk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../shared/lib/http.ts';

/** How often the board asks again (issue 26 part 3: at most every 2 s). */
export const BOARD_POLL_MS = 2000;

const keys = {
  me: ['desk', 'me'] as const,
  board: (brand: BrandCode) => ['desk', 'board', brand] as const,
  holidays: (brand: BrandCode) => ['desk', 'holidays', brand] as const,
  catalogue: (brand: BrandCode) => ['desk', 'catalogue', brand] as const,
  audit: ['desk', 'audit'] as const,
  staff: ['desk', 'staff'] as const,
};

export function useDeskMe() {
  return useQuery({
    queryKey: keys.me,
    queryFn: ({ signal }) => getJson('/api/desk/me', deskMeSchema, { signal }),
    retry: false,
  });
}

export function useSecondFactorSetup() {
  return useMutation({
    mutationFn: () =>
      sendJson('POST', '/api/desk/second-factor/setup', secondFactorSetupSchema, {}),
  });
}

export function useVerifySecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      sendJson('POST', '/api/desk/second-factor/verify', okResponseSchema, { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['desk'] }),
    // Too many wrong codes ends the session: ask who is signed in again.
    onError: () => client.invalidateQueries({ queryKey: keys.me }),
  });
}

export function useBoard(brand: BrandCode) {
  return useQuery({
    queryKey: keys.board(brand),
    queryFn: ({ signal }) => getJson('/api/desk/board', boardSchema, { query: { brand }, signal }),
    refetchInterval: BOARD_POLL_MS,
  });
}

export function useHolidays(brand: BrandCode) {
  return useQuery({
    queryKey: keys.holidays(brand),
    queryFn: ({ signal }) =>
      getJson('/api/desk/holidays', holidayListSchema, { query: { brand }, signal }),
  });
}

export function useAddHoliday(brand: BrandCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (holiday: { date: string; message: string }) =>
      sendJson('POST', '/api/desk/holidays', holidaySchema, { brand, ...holiday }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['desk'] }),
  });
}

export function useRemoveHoliday(brand: BrandCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      sendJson('DELETE', `/api/desk/holidays/${brand}/${date}`, okResponseSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: ['desk'] }),
  });
}

export function useAudit() {
  return useQuery({
    queryKey: keys.audit,
    queryFn: ({ signal }) =>
      getJson('/api/desk/audit', auditPageSchema, { query: { limit: 100 }, signal }),
  });
}

export function useStaff() {
  return useQuery({
    queryKey: keys.staff,
    queryFn: ({ signal }) => getJson('/api/desk/staff', staffListSchema, { signal }),
  });
}

export function useAddStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (member: { email: string; role: DeskRole }) =>
      sendJson('POST', '/api/desk/staff', staffMemberSchema, member),
    onSuccess: () => client.invalidateQueries({ queryKey: ['desk'] }),
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: DeskRole }) =>
      sendJson('PATCH', `/api/desk/staff/${encodeURIComponent(id)}`, staffMemberSchema, { role }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['desk'] }),
  });
}

export function useRetireStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      sendJson('DELETE', `/api/desk/staff/${encodeURIComponent(id)}`, okResponseSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: ['desk'] }),
  });
}

export function useCatalogue(brand: BrandCode) {
  return useQuery({
    queryKey: keys.catalogue(brand),
    queryFn: ({ signal }) =>
      getJson('/api/desk/editions', deskCatalogueSchema, { query: { brand }, signal }),
  });
}

/** Every change to the catalogue answers the whole catalogue; it replaces the cached one. */
export function useCatalogueChange(brand: BrandCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'add-group'; name: string }
        | { kind: 'add-edition'; groupId: number; name: string }
        | { kind: 'group'; id: number; change: CatalogueChange }
        | { kind: 'edition'; number: number; change: CatalogueChange }
        | { kind: 'brand'; change: BrandChoicesChange },
    ) => {
      switch (change.kind) {
        case 'brand':
          return sendJson('PATCH', `/api/desk/brands/${brand}`, deskCatalogueSchema, change.change);
        case 'add-group':
          return sendJson('POST', '/api/desk/edition-groups', deskCatalogueSchema, {
            brand,
            name: change.name,
          });
        case 'add-edition':
          return sendJson('POST', '/api/desk/editions', deskCatalogueSchema, {
            brand,
            groupId: change.groupId,
            name: change.name,
          });
        case 'group':
          return sendJson(
            'PATCH',
            `/api/desk/edition-groups/${brand}/${change.id}`,
            deskCatalogueSchema,
            change.change,
          );
        case 'edition':
          return sendJson(
            'PATCH',
            `/api/desk/editions/${brand}/${change.number}`,
            deskCatalogueSchema,
            change.change,
          );
      }
    },
    onSuccess: (catalogue) => {
      client.setQueryData(keys.catalogue(brand), catalogue);
      void client.invalidateQueries({ queryKey: keys.board(brand) });
      void client.invalidateQueries({ queryKey: keys.audit });
    },
  });
}

export function useEditionDay(brand: BrandCode, editionNumber: number, date: string) {
  return useQuery({
    queryKey: ['desk', 'day', brand, editionNumber, date],
    queryFn: ({ signal }) =>
      getJson(`/api/desk/editions/${brand}/${editionNumber}/${date}`, editionDaySchema, { signal }),
    refetchInterval: BOARD_POLL_MS,
  });
}

export function useRelease(brand: BrandCode, editionNumber: number, date: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      body:
        { action: 'release' | 'unpublish'; reason?: string } | { action: 'reschedule'; at: string },
    ) =>
      sendJson(
        'POST',
        `/api/desk/editions/${brand}/${editionNumber}/${date}/release`,
        editionDaySchema,
        body,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['desk'] }),
  });
}
