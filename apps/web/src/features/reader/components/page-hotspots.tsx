// Clickable regions over the page image, placed in percent of the page so they
// line up at any drawn size (spec 1 §3). They stay invisible until hovered or
// focused, so the page reads like paper but every article is one Tab away. For a
// screen reader the page's articles are a list, in the order the page gives them,
// and its advertisements a second one.
import type { AdHotspot, ArticleHotspot, HotspotBox } from '@folio/core';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useAppConfig } from '../../../shared/api/app-config.ts';

function boxStyle(box: HotspotBox): CSSProperties {
  return {
    top: `${box.top}%`,
    left: `${box.left}%`,
    width: `${box.width}%`,
    height: `${box.height}%`,
  };
}

/** Each list covers the page, so the percentages place its buttons on the page. */
const LIST = 'pointer-events-none absolute inset-0 m-0 list-none p-0';

const HOTSPOT =
  'pointer-events-auto absolute rounded-[3px] border-2 border-transparent transition-colors duration-150 ' +
  'hover:border-brand/70 hover:bg-brand/10 focus-visible:border-brand focus-visible:bg-brand/10';

interface PageHotspotsProps {
  articles: ArticleHotspot[];
  ads: AdHotspot[];
  selectedArticleId?: string;
  /** An article the reader arrived for (a search hit): scrolled to and focused once drawn. */
  focusArticleId?: string;
  onArticle: (article: ArticleHotspot) => void;
  onAd: (ad: AdHotspot) => void;
}

export function PageHotspots({
  articles,
  ads,
  selectedArticleId,
  focusArticleId,
  onArticle,
  onAd,
}: PageHotspotsProps) {
  // Each article is named by its title, in the paper's language.
  const { language } = useAppConfig().brand;
  const arrivedFor = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const hotspot = arrivedFor.current;
    if (!hotspot) return;
    hotspot.scrollIntoView({ block: 'center', inline: 'nearest' });
    // Scrolled above; focusing must not scroll the page's own clipped box.
    hotspot.focus({ preventScroll: true });
  }, [focusArticleId]);
  return (
    <>
      {articles.length > 0 && (
        <ul aria-label="Articles on this page" className={LIST}>
          {articles.map((article) => {
            const selected = article.id === selectedArticleId;
            return (
              <li key={`article-${article.id}`}>
                <button
                  ref={article.id === focusArticleId ? arrivedFor : undefined}
                  type="button"
                  aria-label={article.title}
                  lang={language}
                  aria-current={selected ? 'true' : undefined}
                  title={article.title}
                  style={boxStyle(article)}
                  onClick={() => onArticle(article)}
                  className={`${HOTSPOT} ${selected ? 'border-accent bg-accent/10' : ''}`}
                />
              </li>
            );
          })}
        </ul>
      )}
      {ads.length > 0 && (
        <ul aria-label="Advertisements on this page" className={LIST}>
          {ads.map((ad) => (
            <li key={`ad-${ad.id}`}>
              <button
                type="button"
                aria-label="Advertisement"
                title="Advertisement"
                style={boxStyle(ad)}
                onClick={() => onAd(ad)}
                className={`${HOTSPOT} hover:border-accent/80 hover:bg-accent/10`}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
