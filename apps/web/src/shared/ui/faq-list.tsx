// The publisher's FAQs (spec 2 §2, §8), on the /faqs page and in the subscribe
// page's FAQ section: in the server's order as an accordion with one answer open at a time
// (Radix Accordion supplies the ARIA pattern and keyboard), with the spec's loading
// and failure texts. Answers are HTML: cleaned again here, whatever the server did,
// to the FAQ allow-list with https links that open in the same tab.
import { Content, Header, Item, Root, Trigger } from '@radix-ui/react-accordion';
import { useMemo } from 'react';
import { useFaqs } from '../api/faqs.ts';
import { sanitizeFaqHtml } from '../lib/sanitize-html.ts';
import { ChevronDownIcon } from './icons.tsx';

const ANSWER_LOOK =
  'text-ink-soft [&_a]:font-semibold [&_a]:text-brand [&_a]:underline [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+*]:mt-2 [&_ul]:list-disc [&_ul]:pl-5';

export function FaqList({ publisher }: { publisher: string }) {
  const faqs = useFaqs(publisher);
  const answers = useMemo(
    () => faqs.data?.map((faq) => ({ ...faq, answer: sanitizeFaqHtml(faq.answer) })),
    [faqs.data],
  );

  if (faqs.isPending) {
    return (
      <p role="status" className="mt-6 text-center text-ink-soft">
        Loading FAQs...
      </p>
    );
  }
  if (faqs.isError || !answers) {
    return (
      <p role="alert" className="mt-6 text-center text-red-700">
        Failed to load FAQs. Please try again later.
      </p>
    );
  }
  return (
    <Root
      type="single"
      collapsible
      className="mx-auto mt-6 max-w-3xl divide-y divide-ink/10 rounded-2xl bg-white px-5 shadow-sm"
    >
      {answers.map((faq) => (
        <Item key={faq.id} value={String(faq.id)}>
          <Header className="m-0">
            <Trigger className="group flex w-full cursor-pointer items-center justify-between gap-4 py-4 text-left font-semibold text-ink hover:text-brand">
              {faq.question}
              <ChevronDownIcon className="shrink-0 text-brand transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
            </Trigger>
          </Header>
          <Content className="pb-4">
            <div className={ANSWER_LOOK} dangerouslySetInnerHTML={{ __html: faq.answer }} />
          </Content>
        </Item>
      ))}
    </Root>
  );
}
