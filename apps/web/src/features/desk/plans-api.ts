// The plans tab's calls (issue 27 part 1), parsed against @folio/core/desk. Every
// change answers the brand's plans whole, which replaces the tab's copy; this
// browser's copy of the plans on sale is dropped too.
import type { BrandCode } from '@folio/core';
import {
  deskPlansSchema,
  type DeskPlans,
  type GroupChange,
  type PlanChange,
  type PlanCreate,
} from '@folio/core/desk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../shared/lib/http.ts';

const plansKey = (brand: BrandCode) => ['desk', 'plans', brand] as const;

export function usePlans(brand: BrandCode) {
  return useQuery({
    queryKey: plansKey(brand),
    queryFn: ({ signal }) =>
      getJson('/api/desk/plans', deskPlansSchema, { query: { brand }, signal }),
  });
}

function usePlanChange<T>(brand: BrandCode, send: (input: T) => Promise<DeskPlans>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (plans: DeskPlans) => {
      client.setQueryData(plansKey(brand), plans);
      void client.invalidateQueries({ queryKey: ['desk', 'audit'] });
      void client.invalidateQueries({ queryKey: ['subscription-plans'] });
    },
  });
}

export const useCreatePlan = (brand: BrandCode) =>
  usePlanChange(brand, (body: PlanCreate) =>
    sendJson('POST', `/api/desk/plans/${brand}`, deskPlansSchema, body),
  );

export const useChangePlan = (brand: BrandCode) =>
  usePlanChange(brand, ({ id, change }: { id: number; change: PlanChange }) =>
    sendJson('PATCH', `/api/desk/plans/${brand}/${id}`, deskPlansSchema, change),
  );

export const useDeletePlan = (brand: BrandCode) =>
  usePlanChange(brand, (id: number) =>
    sendJson('DELETE', `/api/desk/plans/${brand}/${id}`, deskPlansSchema),
  );

export const useChangeGroup = (brand: BrandCode) =>
  usePlanChange(brand, ({ id, change }: { id: number; change: GroupChange }) =>
    sendJson('PATCH', `/api/desk/plans/${brand}/groups/${id}`, deskPlansSchema, change),
  );
