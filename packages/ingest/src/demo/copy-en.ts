// Made-up English news copy for the Deccan Herald demo pages.
import { pickTwo, type DemoCopy } from './demo-copy.ts';

const places = [
  'Bengaluru',
  'Mysuru',
  'Hubballi',
  'Mangaluru',
  'Belagavi',
  'Kalaburagi',
  'Tumakuru',
  'Udupi',
  'Shivamogga',
  'Davanagere',
  'Hassan',
  'Ballari',
];
const people = [
  'Priya Raman',
  'Suresh Gowda',
  'Anitha Shetty',
  'Mohammed Iqbal',
  'Kavya Hegde',
  'Ravi Kulkarni',
  'Deepa Nayak',
  'Arjun Rao',
  'Lakshmi Patil',
  'Naveen Joshi',
];
const bodies = [
  'the civic body',
  'the transport corporation',
  'the metro rail agency',
  'the power utility',
  'the state government',
  'the High Court',
  'the district administration',
  'the water board',
  'the university',
  'the forest department',
];
const things = [
  'metro line',
  'lake revival',
  'bus fleet',
  'flyover',
  'water supply',
  'school meal',
  'solar park',
  'stormwater drain',
  'heritage walk',
  'night market',
  'cycle lane',
  'hospital wing',
];
const teams = [
  'Karnataka',
  'Mumbai',
  'Tamil Nadu',
  'Bengal',
  'Kerala',
  'Delhi',
  'Punjab',
  'Vidarbha',
];

export const englishCopy: DemoCopy = {
  masthead: 'DECCAN HERALD',
  adLabel: 'ADVERTISEMENT',
  places,
  names: [...places, ...people, ...teams],
  headline: (r) => {
    const place = r.pick(places);
    const thing = r.pick(things);
    const [winner, loser] = pickTwo(r, teams);
    return r.pick([
      `${place} clears ${thing} plan after long debate`,
      `Rain lashes ${place}; ${r.int(3, 40)} roads waterlogged`,
      `${winner} beat ${loser} by ${r.int(2, 9)} wickets`,
      `New ${thing} for ${place} by ${r.pick(['March', 'June', 'August', 'December'])}`,
      `Residents of ${place} protest delay in ${thing} work`,
      `${r
        .pick(bodies)
        .replace(/^the /u, '')
        .replace(/^\w/u, (c) =>
          c.toUpperCase(),
        )} sets aside Rs ${r.int(12, 900)} crore for ${thing}`,
      `${place} schools to reopen on ${r.pick(['Monday', 'Wednesday', 'Friday'])}`,
      `Farmers in ${place} cheer early monsoon`,
      `${r.pick(people)} takes charge as ${place} commissioner`,
      `Tech park traffic plan gets a rethink`,
      `Markets rally as ${thing} bonds draw buyers`,
      `${place} startup raises Rs ${r.int(5, 250)} crore`,
    ]);
  },
  sentence: (r) => {
    const place = r.pick(places);
    return r.pick([
      `Officials from ${r.pick(bodies)} said the ${r.pick(things)} project in ${place} would be completed within ${r.int(4, 30)} months.`,
      `${r.pick(people)}, who has followed the issue for years, said residents had waited long enough for a decision.`,
      `The proposal was first discussed in ${r.int(2015, 2025)} but stalled for want of funds.`,
      `According to the estimate, nearly ${r.int(2, 90)},000 commuters use the stretch every day.`,
      `A senior officer said work on the ${r.pick(things)} would begin after the monsoon.`,
      `Traders in ${place} welcomed the move and asked for a clear timeline.`,
      `The opposition criticised ${r.pick(bodies)} for what it called a lack of planning.`,
      `${r.pick(people)} told reporters that the matter would be taken up at the next meeting.`,
      `Experts said the ${r.pick(things)} plan needed better coordination between departments.`,
      `The tender for the first phase is expected to be floated by ${r.pick(['April', 'July', 'October'])}.`,
      `Police said traffic would be diverted along ${r.int(2, 8)} roads during the work.`,
      `A public hearing will be held in ${place} on ${r.pick(['Monday', 'Tuesday', 'Thursday', 'Saturday'])}.`,
      `The scheme is expected to benefit about ${r.int(10, 500)} villages in the district.`,
      `Students and teachers at the university joined the campaign in large numbers.`,
      `The report noted a ${r.int(3, 40)} per cent rise in demand over the last year.`,
    ]);
  },
  caption: (r) =>
    `A view of the ${r.pick(things)} site in ${r.pick(places)}. PHOTO: ${r.pick(people).toUpperCase()}`,
  adLines: (r) =>
    r.pick([
      ['Sri Ganesh Jewellers', 'Festive gold offer', 'No making charges till Sunday'],
      ['Nandi Homes', 'Ready-to-move 2 and 3 BHK', `Near ${r.pick(places)} ring road`],
      ['Kaveri Motors', 'Drive home a new SUV', 'Easy EMI from Rs 9,999'],
      ['Mysore Silk Emporium', 'Grand weaving fair', 'Up to 30% off on sarees'],
    ]),
  dateline: (date, edition, editionName) => {
    const day = new Date(`${date}T00:00:00Z`);
    const long = day.toLocaleDateString('en-IN', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return `Bengaluru · ${long} · ${editionName} · Edition ${edition}`;
  },
  section: (name) => name,
  jumpTo: (page) => `Continued on Page ${page}`,
  jumpFrom: (page) => `Continued from Page ${page}`,
};
