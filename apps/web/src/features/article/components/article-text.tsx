// The article as plain reading text in one comfortable column, with its photos and
// their captions. The HTML reaching this component has been through sanitizeHtml
// (DOMPurify, see ../api.ts).

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

// The document of an article open to every reader draws the same text with the
// same classes before the app has run (server: http/first-frames.ts, which repeats
// these class names; e2e/first-frame.spec.ts checks both lie in the same place).
// The text's own look is `.article-prose` in styles.css.
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
        className="article-prose"
        style={{ fontSize: `${textSize}px` }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
