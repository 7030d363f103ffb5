// The subscriber count banner (spec 2 §2): '{count}+' and 'Satisfied Subscribers And
// Counting'. It is a boast, not a fact anyone needs: on failure it reads 0+.
import { useSubscriberCount } from '../../marketing-api.ts';

export function SubscriberCount({ publisher }: { publisher: string }) {
  const count = useSubscriberCount(publisher);
  return (
    <section
      aria-label="Subscribers"
      aria-busy={count.isPending}
      className="rounded-2xl bg-brand px-6 py-8 text-center text-white"
    >
      <p className="font-serif text-4xl font-bold sm:text-5xl">
        {count.isPending ? (
          <span className="inline-block h-10 w-32 animate-pulse rounded bg-white/20 align-middle" />
        ) : (
          `${(count.data ?? 0).toLocaleString('en-IN')}+`
        )}
      </p>
      <p className="mt-2 text-lg">Satisfied Subscribers And Counting</p>
    </section>
  );
}
