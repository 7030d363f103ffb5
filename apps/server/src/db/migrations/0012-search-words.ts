// Misspelt words at scale (issue 9 part 6, decision 0021): every distinct word of
// a brand's search index (its lexemes: `english` stems for English, sound keys for
// Kannada), with a trigram index. A word no article contains is looked up here
// among a few thousand words, and the articles are then found by the similar
// words through the text index, instead of comparing the query with the title of
// every article that shares a trigram with it (a bitmap of most of a big archive
// for a common place name such as "Bengalru"). Words stay when their articles go:
// a stale word finds no article, and a later edition may bring it back.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_words (
      brand text not null,
      word text not null,
      primary key (brand, word)
    )`.execute(db);
  await sql`create index search_words_trgm_idx on search_words
    using gin (word gin_trgm_ops)`.execute(db);
  await sql`insert into search_words (brand, word)
    select distinct s.brand, w.lexeme
    from search_articles s cross join unnest(s.tsv) as w
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_words').execute();
}
