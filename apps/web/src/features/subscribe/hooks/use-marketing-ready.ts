// The subscribe page's sections below the plans read three calls (testimonials, the
// subscriber count, the FAQs). Mounted at once, each answer redrew its section as
// it arrived, in one blocking task apiece (a query's update cannot be deferred).
// Asked for here instead, without drawing anything, the sections are mounted once
// every answer is in (or has failed), in one render React splits into short tasks.
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { faqsQueryOptions } from '../../../shared/api/faqs.ts';
import { subscriberCountQueryOptions, testimonialsQueryOptions } from '../marketing-api.ts';

export function useMarketingReady(publisher: string, wanted: boolean): boolean {
  const client = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // A failed call is the section's to show; it is no reason to hold the others.
    void Promise.allSettled([
      client.prefetchQuery(testimonialsQueryOptions(publisher)),
      client.prefetchQuery(subscriberCountQueryOptions(publisher)),
      client.prefetchQuery(faqsQueryOptions(publisher)),
    ]).then(() => {
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, [client, publisher, wanted]);
  return ready;
}
