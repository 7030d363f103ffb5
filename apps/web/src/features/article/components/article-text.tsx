// The article as plain reading text in one comfortable column. The HTML reaching
// this component has been through sanitizeHtml (DOMPurify, see ../api.ts).

interface ArticleTextProps {
  title: string;
  byline: string;
  html: string;
  /** Body text size in css px (spec 2 §7: 12 to 24, 16 by default). */
  textSize: number;
  /** The paper's language: the title and text are in it, not in the app's English. */
  language: string;
}

const HAS_HEADLINE = /<h1[\s>]/i;

const PROSE =
  '[&_h1]:font-serif [&_h1]:text-3xl [&_h1]:leading-tight [&_h1]:font-bold [&_h1]:text-ink sm:[&_h1]:text-4xl ' +
  '[&_h2]:mt-8 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold ' +
  '[&_h3]:mt-6 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold ' +
  '[&_p]:mt-5 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 ' +
  '[&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2';

export function ArticleText({ title, byline, html, textSize, language }: ArticleTextProps) {
  return (
    <article className="mx-auto max-w-[68ch] rounded-2xl bg-white px-5 py-8 shadow-sm ring-1 ring-ink/5 sm:px-10 sm:py-12">
      <p className="mb-4 text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">
        {byline}
      </p>
      {!HAS_HEADLINE.test(html) && (
        <h1
          lang={language}
          className="font-serif text-3xl leading-tight font-bold text-ink sm:text-4xl"
        >
          {title}
        </h1>
      )}
      <div
        lang={language}
        className={`font-serif leading-relaxed text-ink/90 ${PROSE}`}
        style={{ fontSize: `${textSize}px` }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
