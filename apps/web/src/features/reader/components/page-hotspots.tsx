// Clickable regions over the page image, placed in percent of the page so they
// line up at any drawn size (spec 1 §3). They stay invisible until hovered or
// focused, so the page reads like paper but every article is one Tab away.
import type { AdHotspot, ArticleHotspot, HotspotBox } from '@folio/core';
import type { CSSProperties } from 'react';

function boxStyle(box: HotspotBox): CSSProperties {
  return {
    top: `${box.top}%`,
    left: `${box.left}%`,
    width: `${box.width}%`,
    height: `${box.height}%`,
  };
}

const HOTSPOT =
  'absolute rounded-[3px] border-2 border-transparent transition-colors duration-150 ' +
  'hover:border-brand/70 hover:bg-brand/10 focus-visible:border-brand focus-visible:bg-brand/10';

interface PageHotspotsProps {
  articles: ArticleHotspot[];
  ads: AdHotspot[];
  selectedArticleId?: string;
  onArticle: (article: ArticleHotspot) => void;
  onAd: (ad: AdHotspot) => void;
}

export function PageHotspots({
  articles,
  ads,
  selectedArticleId,
  onArticle,
  onAd,
}: PageHotspotsProps) {
  return (
    <>
      {articles.map((article) => {
        const selected = article.id === selectedArticleId;
        return (
          <button
            key={`article-${article.id}`}
            type="button"
            aria-label={article.title}
            aria-current={selected ? 'true' : undefined}
            title={article.title}
            style={boxStyle(article)}
            onClick={() => onArticle(article)}
            className={`${HOTSPOT} ${selected ? 'border-accent bg-accent/10' : ''}`}
          />
        );
      })}
      {ads.map((ad) => (
        <button
          key={`ad-${ad.id}`}
          type="button"
          aria-label="Advertisement"
          title="Advertisement"
          style={boxStyle(ad)}
          onClick={() => onAd(ad)}
          className={`${HOTSPOT} hover:border-accent/80 hover:bg-accent/10`}
        />
      ))}
    </>
  );
}
