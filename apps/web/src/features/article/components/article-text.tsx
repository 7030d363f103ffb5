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

// The look is named in styles.css (`.article-*`): the document of an article open
// to every reader draws the same text with the same classes before the app has run
// (server: http/first-frames.ts).
export function ArticleText({ title, byline, html, textSize, language }: ArticleTextProps) {
  return (
    <article className="article-sheet">
      <p className="article-byline">{byline}</p>
      {!HAS_HEADLINE.test(html) && (
        <h1 lang={language} className="article-title">
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
