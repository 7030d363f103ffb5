// Made-up Kannada news copy for the Prajavani demo pages. Only characters Noto Sans /
// Serif Kannada carry: Kannada, ASCII digits and punctuation (no Latin letters).
import { pickTwo, type DemoCopy } from './demo-copy.ts';

const places = [
  'ಬೆಂಗಳೂರು',
  'ಮೈಸೂರು',
  'ಹುಬ್ಬಳ್ಳಿ',
  'ಮಂಗಳೂರು',
  'ಬೆಳಗಾವಿ',
  'ಕಲಬುರಗಿ',
  'ತುಮಕೂರು',
  'ಉಡುಪಿ',
  'ಶಿವಮೊಗ್ಗ',
  'ದಾವಣಗೆರೆ',
  'ಹಾಸನ',
  'ಬಳ್ಳಾರಿ',
];
const projects = [
  'ಮೆಟ್ರೊ',
  'ಕೆರೆ ಪುನಶ್ಚೇತನ',
  'ಮೇಲ್ಸೇತುವೆ',
  'ಕುಡಿಯುವ ನೀರು',
  'ಸೌರ ವಿದ್ಯುತ್',
  'ರಾಜಕಾಲುವೆ',
  'ಆಸ್ಪತ್ರೆ',
  'ಬಸ್ ನಿಲ್ದಾಣ',
];
const teams = ['ಕರ್ನಾಟಕ', 'ಮುಂಬೈ', 'ತಮಿಳುನಾಡು', 'ಬಂಗಾಳ', 'ಕೇರಳ', 'ದೆಹಲಿ', 'ಪಂಜಾಬ್', 'ವಿದರ್ಭ'];
const sections: Record<string, string> = {
  City: 'ನಗರ',
  State: 'ರಾಜ್ಯ',
  Nation: 'ದೇಶ',
  Business: 'ವಾಣಿಜ್ಯ',
  World: 'ವಿದೇಶ',
  Sports: 'ಕ್ರೀಡೆ',
  Opinion: 'ಸಂಪಾದಕೀಯ',
  Metro: 'ಮಹಾನಗರ',
  Karnataka: 'ಕರ್ನಾಟಕ',
  Features: 'ವಿಶೇಷ',
  Entertainment: 'ಸಿನಿಮಾ',
  Science: 'ವಿಜ್ಞಾನ',
};
const weekdays = ['ಭಾನುವಾರ', 'ಸೋಮವಾರ', 'ಮಂಗಳವಾರ', 'ಬುಧವಾರ', 'ಗುರುವಾರ', 'ಶುಕ್ರವಾರ', 'ಶನಿವಾರ'];
const months = [
  'ಜನವರಿ',
  'ಫೆಬ್ರುವರಿ',
  'ಮಾರ್ಚ್',
  'ಏಪ್ರಿಲ್',
  'ಮೇ',
  'ಜೂನ್',
  'ಜುಲೈ',
  'ಆಗಸ್ಟ್',
  'ಸೆಪ್ಟೆಂಬರ್',
  'ಅಕ್ಟೋಬರ್',
  'ನವೆಂಬರ್',
  'ಡಿಸೆಂಬರ್',
];

export const kannadaCopy: DemoCopy = {
  masthead: 'ಪ್ರಜಾವಾಣಿ',
  adLabel: 'ಜಾಹೀರಾತು',
  places,
  names: [...places, ...teams],
  headline: (r) => {
    const place = r.pick(places);
    const project = r.pick(projects);
    const [winner, loser] = pickTwo(r, teams);
    return r.pick([
      `${place}: ಭಾರಿ ಮಳೆ, ${r.int(3, 40)} ರಸ್ತೆಗಳು ಜಲಾವೃತ`,
      `${place} ${project} ಯೋಜನೆಗೆ ಒಪ್ಪಿಗೆ`,
      `ರಾಜ್ಯ ಸರ್ಕಾರದಿಂದ ${r.int(12, 900)} ಕೋಟಿ ಅನುದಾನ`,
      `ಕ್ರಿಕೆಟ್: ${loser} ವಿರುದ್ಧ ${winner} ತಂಡಕ್ಕೆ ${r.int(2, 9)} ವಿಕೆಟ್ ಜಯ`,
      `${place} ವಿದ್ಯಾರ್ಥಿಗಳಿಗೆ ಉಚಿತ ಬಸ್ ಪಾಸ್`,
      `ಮುಖ್ಯಮಂತ್ರಿ ${place} ಭೇಟಿ ಇಂದು`,
      `ರೈತರ ಮುಖದಲ್ಲಿ ಮಂದಹಾಸ`,
      `${project} ಕಾಮಗಾರಿಗೆ ಚಾಲನೆ`,
      `${place} ನಗರದಲ್ಲಿ ಸಂಚಾರ ದಟ್ಟಣೆ`,
      `ಷೇರುಪೇಟೆಯಲ್ಲಿ ಭರ್ಜರಿ ಏರಿಕೆ`,
      `ಹೊಸ ಕೈಗಾರಿಕಾ ನೀತಿ ಪ್ರಕಟ`,
      `ಚುನಾವಣೆ ಸಿದ್ಧತೆ: ಅಧಿಕಾರಿಗಳ ಸಭೆ`,
      `${place} ಜಿಲ್ಲೆಯಲ್ಲಿ ಕೃಷಿ ಮೇಳ`,
    ]);
  },
  // Front-page leads run long, as they do in print: a reader meets titles cut to
  // fit in Previous / Next Article, with their conjuncts.
  leadHeadline: (r) => {
    const place = r.pick(places);
    const project = r.pick(projects);
    return r.pick([
      `${place} ${project} ಯೋಜನೆಗೆ ರಾಜ್ಯ ಸಂಪುಟ ಸಭೆಯ ಒಪ್ಪಿಗೆ, ${r.int(120, 900)} ಕೋಟಿ ರೂಪಾಯಿ ವೆಚ್ಚ`,
      `${place} ಜಿಲ್ಲೆಯಲ್ಲಿ ಭಾರಿ ಮಳೆ: ಶಾಲೆಗಳಿಗೆ ಎರಡು ದಿನ ರಜೆ, ಕೆರೆಗಳು ಭರ್ತಿ`,
      `ಕುಡಿಯುವ ನೀರಿನ ಸಮಸ್ಯೆ ಪರಿಹಾರಕ್ಕೆ ${place} ನಗರಸಭೆಯಿಂದ ಹೊಸ ಕ್ರಿಯಾಯೋಜನೆ`,
    ]);
  },
  sentence: (r) => {
    const place = r.pick(places);
    return r.pick([
      `${place} ನಗರದಲ್ಲಿ ಈ ಯೋಜನೆಯ ಕಾಮಗಾರಿ ${r.int(4, 30)} ತಿಂಗಳಲ್ಲಿ ಪೂರ್ಣಗೊಳ್ಳಲಿದೆ ಎಂದು ಅಧಿಕಾರಿಗಳು ತಿಳಿಸಿದರು.`,
      'ಈ ಬಗ್ಗೆ ಸಾರ್ವಜನಿಕರಿಂದ ಹಲವು ದೂರುಗಳು ಬಂದಿದ್ದವು.',
      'ಸ್ಥಳೀಯ ವ್ಯಾಪಾರಿಗಳು ಸರ್ಕಾರದ ನಿರ್ಧಾರವನ್ನು ಸ್ವಾಗತಿಸಿದ್ದಾರೆ.',
      `ಸುಮಾರು ${r.int(2, 90)} ಸಾವಿರ ಪ್ರಯಾಣಿಕರು ಪ್ರತಿದಿನ ಈ ಮಾರ್ಗವನ್ನು ಬಳಸುತ್ತಾರೆ.`,
      'ಮಳೆಗಾಲದ ನಂತರ ಕೆಲಸ ಆರಂಭವಾಗಲಿದೆ ಎಂದು ಹಿರಿಯ ಅಧಿಕಾರಿಯೊಬ್ಬರು ಹೇಳಿದರು.',
      'ವಿರೋಧ ಪಕ್ಷದ ನಾಯಕರು ಯೋಜನೆಯ ವಿಳಂಬವನ್ನು ಟೀಕಿಸಿದರು.',
      'ಮುಂದಿನ ಸಭೆಯಲ್ಲಿ ಈ ವಿಷಯ ಚರ್ಚೆಗೆ ಬರಲಿದೆ.',
      `ಜಿಲ್ಲೆಯ ${r.int(10, 500)} ಗ್ರಾಮಗಳಿಗೆ ಈ ಯೋಜನೆಯಿಂದ ಅನುಕೂಲವಾಗಲಿದೆ.`,
      'ವಿದ್ಯಾರ್ಥಿಗಳು ಮತ್ತು ಶಿಕ್ಷಕರು ಅಭಿಯಾನದಲ್ಲಿ ಪಾಲ್ಗೊಂಡರು.',
      `ಕಳೆದ ವರ್ಷಕ್ಕೆ ಹೋಲಿಸಿದರೆ ಬೇಡಿಕೆ ಶೇ ${r.int(3, 40)}ರಷ್ಟು ಹೆಚ್ಚಾಗಿದೆ.`,
      'ಪೊಲೀಸರು ಸಂಚಾರ ಮಾರ್ಗ ಬದಲಾವಣೆ ಮಾಡಿದ್ದಾರೆ.',
      'ಕ್ರೀಡಾಂಗಣದಲ್ಲಿ ಸಾವಿರಾರು ಅಭಿಮಾನಿಗಳು ಸೇರಿದ್ದರು.',
      'ಕೃಷಿ ಇಲಾಖೆಯ ತಜ್ಞರು ರೈತರಿಗೆ ಸಲಹೆ ನೀಡಿದರು.',
      'ಮುಖ್ಯಮಂತ್ರಿ ಅವರು ಕಾರ್ಯಕ್ರಮವನ್ನು ಉದ್ಘಾಟಿಸಿದರು.',
      'ಈ ಕುರಿತು ಹೈಕೋರ್ಟ್ ಸರ್ಕಾರಕ್ಕೆ ನೋಟಿಸ್ ನೀಡಿದೆ.',
      `${r.pick(projects)} ಕಾಮಗಾರಿಗೆ ${r.int(5, 300)} ಕೋಟಿ ವೆಚ್ಚವಾಗಲಿದೆ.`,
    ]);
  },
  caption: (r) => `${r.pick(places)} ನಗರದ ${r.pick(projects)} ಕಾಮಗಾರಿಯ ನೋಟ - ಪ್ರಜಾವಾಣಿ ಚಿತ್ರ`,
  adLines: (r) =>
    r.pick([
      ['ಶ್ರೀ ಗಣೇಶ ಜುವೆಲ್ಲರ್ಸ್', 'ಹಬ್ಬದ ಚಿನ್ನದ ಕೊಡುಗೆ', 'ಭಾನುವಾರದವರೆಗೆ ಮಾತ್ರ'],
      ['ನಂದಿ ಗೃಹ ನಿರ್ಮಾಣ', 'ಸಿದ್ಧ ಮನೆಗಳು ಮಾರಾಟಕ್ಕೆ', `${r.pick(places)} ವರ್ತುಲ ರಸ್ತೆ ಬಳಿ`],
      ['ಕಾವೇರಿ ಮೋಟರ್ಸ್', 'ಹೊಸ ಕಾರು ಮನೆಗೆ ಕೊಂಡೊಯ್ಯಿರಿ', 'ಸುಲಭ ಕಂತುಗಳಲ್ಲಿ'],
      ['ಮೈಸೂರು ರೇಷ್ಮೆ ಮಳಿಗೆ', 'ಸೀರೆಗಳ ಮೇಳ', 'ಶೇ 30ರವರೆಗೆ ರಿಯಾಯಿತಿ'],
    ]),
  dateline: (date, edition) => {
    const day = new Date(`${date}T00:00:00Z`);
    const weekday = weekdays[day.getUTCDay()] as string;
    const month = months[day.getUTCMonth()] as string;
    return `ಬೆಂಗಳೂರು, ${weekday}, ${month} ${day.getUTCDate()}, ${day.getUTCFullYear()}, ಆವೃತ್ತಿ ${edition}`;
  },
  section: (name) => sections[name] ?? name,
  // "Continued on page 7" / "continued from page 1".
  jumpTo: (page) => `ಪುಟ ${page}ಕ್ಕೆ ಮುಂದುವರಿದಿದೆ`,
  jumpFrom: (page) => `ಪುಟ ${page}ರಿಂದ ಮುಂದುವರಿದಿದೆ`,
};
