// Drawings for the demo listings' photos. No image may be downloaded where the site first starts, so each
// photo is an SVG scene (flat shapes and soft gradients, like the illustrations of a friendly app) that
// sharp renders at first start. Scenes are composed in an 800 × 500 box: the 8 : 5 of the cards and the
// gallery, so nothing is cropped.

/** The backdrop of a photo: a gradient, a soft shape behind the subject and the floor it stands on. */
export interface Backdrop {
  from: string;
  to: string;
  blob: string;
  floor: string;
}

export const BACKDROPS = {
  mint: { from: '#EAF6F1', to: '#CDEBE0', blob: '#B5E0D0', floor: '#A9D6C4' },
  peach: { from: '#FFF3EA', to: '#FFDCC7', blob: '#FFCBAE', floor: '#F6BE9C' },
  sky: { from: '#EDF4FC', to: '#CFE2F7', blob: '#B8D5F3', floor: '#A7C8EC' },
  lavender: { from: '#F4F0FC', to: '#DED5F6', blob: '#CCBFF1', floor: '#BFB0EA' },
  sand: { from: '#FCF7EA', to: '#F3E4BF', blob: '#EDD59D', floor: '#E3C98A' },
  rose: { from: '#FEF0F3', to: '#F8D5DE', blob: '#F4BFCD', floor: '#EDB0C0' },
} satisfies Record<string, Backdrop>;
export type BackdropName = keyof typeof BACKDROPS;

export const SCENES = [
  'sofa',
  'dog',
  'cats',
  'books',
  'chalkboard',
  'atom',
  'cleaning',
  'camera',
  'laptop',
  'garden',
  'groceries',
  'tools',
  'guitar',
  'party',
  'boxes',
  'van',
  'olives',
  'pets',
  'delivery',
  'serving',
] as const;
export type Scene = (typeof SCENES)[number];

/** One demo photo: what it shows, on which backdrop, and whether it is drawn mirrored (for variety). */
export interface Illustration {
  scene: Scene;
  backdrop: BackdropName;
  isMirrored?: boolean;
}

// Colours the scenes share, so the set reads as one illustrator's work.
const INK = '#2F4858';
const TEAL = '#14877B';
const TEAL_DARK = '#0F6A61';
const CORAL = '#F2795B';
const CORAL_DARK = '#D95F43';
const MUSTARD = '#F2B33D';
const LEAF = '#5FAD56';
const LEAF_DARK = '#3F8A3C';
const WOOD = '#C98B55';
const WOOD_DARK = '#A46B3A';
const KRAFT = '#D9A86C';
const KRAFT_DARK = '#BF8C4F';
const CREAM = '#FFF9EF';
const WHITE = '#FFFFFF';

const shadow = (cx: number, cy: number, rx: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 14)}" fill="#1C2321" opacity=".10"/>`;

/** A four-pointed sparkle, for things just cleaned, new or shiny. */
const sparkle = (x: number, y: number, size: number, fill = WHITE) =>
  `<path d="M${x} ${y - size} Q${x + size * 0.18} ${y - size * 0.18} ${x + size} ${y} Q${x + size * 0.18} ${y + size * 0.18} ${x} ${y + size} Q${x - size * 0.18} ${y + size * 0.18} ${x - size} ${y} Q${x - size * 0.18} ${y - size * 0.18} ${x} ${y - size}Z" fill="${fill}"/>`;

const leaf = (x: number, y: number, length: number, angle: number, fill: string) =>
  `<ellipse cx="${x}" cy="${y - length / 2}" rx="${length / 4}" ry="${length / 2}" fill="${fill}" transform="rotate(${angle} ${x} ${y})"/>`;

/** A potted plant, the friendliest filler of an empty corner. */
function plant(x: number, floorY: number, scale = 1): string {
  const s = (n: number) => n * scale;
  return `<g>
    ${leaf(x, floorY - s(60), s(70), -35, LEAF)}${leaf(x, floorY - s(60), s(80), 0, LEAF_DARK)}${leaf(x, floorY - s(60), s(70), 35, LEAF)}
    ${leaf(x, floorY - s(60), s(55), -65, LEAF_DARK)}${leaf(x, floorY - s(60), s(55), 65, LEAF_DARK)}
    <path d="M${x - s(30)} ${floorY - s(62)} H${x + s(30)} L${x + s(22)} ${floorY} H${x - s(22)}Z" fill="${CORAL}"/>
    <rect x="${x - s(33)}" y="${floorY - s(70)}" width="${s(66)}" height="${s(12)}" rx="${s(4)}" fill="${CORAL_DARK}"/>
  </g>`;
}

function sofa(): string {
  return `
  <g>
    <rect x="300" y="84" width="130" height="92" rx="8" fill="${WHITE}"/>
    <rect x="310" y="94" width="110" height="72" rx="4" fill="#BFE3F5"/>
    <path d="M310 166 L350 122 L376 146 L392 130 L420 160 V166Z" fill="${LEAF}"/>
    <circle cx="396" cy="112" r="9" fill="${MUSTARD}"/>
    <rect x="460" y="110" width="70" height="56" rx="6" fill="${WHITE}"/>
    <rect x="468" y="118" width="54" height="40" rx="3" fill="${CORAL}" opacity=".75"/>
  </g>
  ${shadow(400, 400, 250)}
  <g>
    <rect x="214" y="218" width="372" height="120" rx="34" fill="${TEAL_DARK}"/>
    <rect x="246" y="240" width="148" height="82" rx="22" fill="${TEAL}"/>
    <rect x="406" y="240" width="148" height="82" rx="22" fill="${TEAL}"/>
    <rect x="196" y="300" width="408" height="76" rx="24" fill="${TEAL}"/>
    <rect x="176" y="268" width="66" height="116" rx="28" fill="${TEAL_DARK}"/>
    <rect x="558" y="268" width="66" height="116" rx="28" fill="${TEAL_DARK}"/>
    <rect x="268" y="262" width="64" height="52" rx="14" fill="${MUSTARD}" transform="rotate(-8 300 288)"/>
    <rect x="470" y="262" width="64" height="52" rx="14" fill="${CORAL}" transform="rotate(7 502 288)"/>
    <rect x="204" y="382" width="14" height="20" rx="4" fill="${WOOD_DARK}"/>
    <rect x="582" y="382" width="14" height="20" rx="4" fill="${WOOD_DARK}"/>
  </g>
  <g>
    <rect x="681" y="170" width="6" height="222" fill="${INK}"/>
    <ellipse cx="684" cy="398" rx="34" ry="8" fill="${INK}"/>
    <path d="M648 172 L664 112 H704 L720 172Z" fill="${MUSTARD}"/>
    <path d="M652 172 H716" stroke="#E09E26" stroke-width="6" stroke-linecap="round"/>
  </g>
  ${plant(104, 400, 1.15)}`;
}

/** A sitting dog, drawn around (0, 0) at its feet, so it can be placed and scaled. */
function dogFigure(fur: string, furDark: string, muzzle: string): string {
  return `<g>
    <path d="M70 -40 Q120 -70 112 -128" stroke="${fur}" stroke-width="22" fill="none" stroke-linecap="round"/>
    <ellipse cx="0" cy="-92" rx="88" ry="92" fill="${fur}"/>
    <ellipse cx="0" cy="-74" rx="52" ry="64" fill="${muzzle}" opacity=".55"/>
    <rect x="-52" y="-96" width="34" height="96" rx="17" fill="${fur}"/>
    <rect x="18" y="-96" width="34" height="96" rx="17" fill="${fur}"/>
    <ellipse cx="-35" cy="-4" rx="24" ry="12" fill="${muzzle}"/>
    <ellipse cx="35" cy="-4" rx="24" ry="12" fill="${muzzle}"/>
    <ellipse cx="-58" cy="-208" rx="26" ry="50" fill="${furDark}" transform="rotate(18 -58 -208)"/>
    <ellipse cx="58" cy="-208" rx="26" ry="50" fill="${furDark}" transform="rotate(-18 58 -208)"/>
    <circle cx="0" cy="-222" r="66" fill="${fur}"/>
    <ellipse cx="0" cy="-194" rx="38" ry="30" fill="${muzzle}"/>
    <ellipse cx="0" cy="-208" rx="14" ry="10" fill="${INK}"/>
    <path d="M0 -198 V-186 M-14 -180 Q0 -170 14 -180" stroke="${INK}" stroke-width="4" fill="none" stroke-linecap="round"/>
    <path d="M-6 -178 Q0 -160 8 -178Z" fill="#F28B9B"/>
    <circle cx="-24" cy="-236" r="8" fill="${INK}"/><circle cx="-21" cy="-239" r="2.5" fill="${WHITE}"/>
    <circle cx="24" cy="-236" r="8" fill="${INK}"/><circle cx="27" cy="-239" r="2.5" fill="${WHITE}"/>
    <path d="M-46 -156 Q0 -136 46 -156" stroke="${CORAL}" stroke-width="12" fill="none" stroke-linecap="round"/>
    <circle cx="0" cy="-138" r="10" fill="${MUSTARD}"/>
  </g>`;
}

function dog(): string {
  return `
  ${shadow(400, 402, 150)}
  <path d="M404 256 C470 250 520 300 560 290 S660 220 720 236" stroke="${TEAL}" stroke-width="8" fill="none" stroke-linecap="round"/>
  <rect x="708" y="222" width="34" height="58" rx="14" fill="${TEAL_DARK}"/>
  <g transform="translate(400 400)">${dogFigure('#E8C07D', '#C99A55', '#F7E3BD')}</g>
  <g>
    <circle cx="594" cy="378" r="24" fill="${MUSTARD}"/>
    <path d="M572 372 Q594 360 616 372 M572 386 Q594 396 616 386" stroke="${WHITE}" stroke-width="4" fill="none"/>
  </g>
  <g>
    <path d="M150 398 h80 a10 10 0 0 0 0 -20 h-6 a12 12 0 1 0 -14 -14 h-40 a12 12 0 1 0 -14 14 h-6 a10 10 0 0 0 0 20Z" fill="${WHITE}" transform="rotate(-12 190 380)"/>
  </g>`;
}

/** A sitting cat, drawn around (0, 0) at its feet. */
function catFigure(fur: string, stripe: string, belly: string, isTailLeft = false): string {
  const tail = isTailLeft ? 'M-60 -20 C-140 -10 -150 -90 -110 -110' : 'M60 -20 C140 -10 150 -90 110 -110';
  return `<g>
    <path d="${tail}" stroke="${fur}" stroke-width="20" fill="none" stroke-linecap="round"/>
    <path d="M-70 0 C-80 -90 -50 -150 0 -150 C50 -150 80 -90 70 0Z" fill="${fur}"/>
    <path d="M-34 0 C-40 -60 -24 -110 0 -110 C24 -110 40 -60 34 0Z" fill="${belly}"/>
    <path d="M-62 -90 h24 M-66 -60 h22 M62 -90 h-24 M66 -60 h-22" stroke="${stripe}" stroke-width="8" stroke-linecap="round"/>
    <ellipse cx="-26" cy="-4" rx="20" ry="10" fill="${belly}"/><ellipse cx="26" cy="-4" rx="20" ry="10" fill="${belly}"/>
    <path d="M-54 -196 L-58 -262 L-8 -224Z M54 -196 L58 -262 L8 -224Z" fill="${fur}"/>
    <path d="M-48 -212 L-50 -246 L-24 -226Z M48 -212 L50 -246 L24 -226Z" fill="#F6A9B6"/>
    <ellipse cx="0" cy="-190" rx="62" ry="54" fill="${fur}"/>
    <path d="M-12 -242 v16 M0 -244 v18 M12 -242 v16" stroke="${stripe}" stroke-width="6" stroke-linecap="round"/>
    <ellipse cx="-24" cy="-196" rx="9" ry="11" fill="${INK}"/><circle cx="-21" cy="-200" r="3" fill="${WHITE}"/>
    <ellipse cx="24" cy="-196" rx="9" ry="11" fill="${INK}"/><circle cx="27" cy="-200" r="3" fill="${WHITE}"/>
    <path d="M-7 -176 h14 l-7 8Z" fill="#E57A8D"/>
    <path d="M0 -168 q-8 10 -16 4 M0 -168 q8 10 16 4" stroke="${INK}" stroke-width="3" fill="none" stroke-linecap="round"/>
    <path d="M-22 -172 l-40 -6 M-22 -166 l-40 6 M22 -172 l40 -6 M22 -166 l40 6" stroke="${INK}" stroke-width="2" opacity=".6"/>
  </g>`;
}

function cats(): string {
  return `
  ${shadow(400, 402, 220)}
  <rect x="180" y="360" width="440" height="40" rx="20" fill="${CORAL}" opacity=".85"/>
  <g transform="translate(320 378)">${catFigure('#F4A259', '#D9822B', '#FFE3C4', true)}</g>
  <g transform="translate(490 378) scale(.82)">${catFigure('#8D99AE', '#6B7A90', '#E6EBF2')}</g>
  <g>
    <path d="M636 400 h70 l-8 -26 h-54Z" fill="${TEAL}"/>
    <ellipse cx="671" cy="374" rx="30" ry="8" fill="#B5651D"/>
    <circle cx="130" cy="380" r="26" fill="${LEAF}"/>
    <path d="M108 370 Q130 360 152 376 M110 388 Q132 378 150 392 M120 358 Q140 372 134 404" stroke="${LEAF_DARK}" stroke-width="3" fill="none"/>
    <path d="M152 392 C190 420 230 380 260 404" stroke="${LEAF}" stroke-width="3" fill="none"/>
  </g>`;
}

/** A closed book lying flat, `width` wide, cover colour and its spine. */
function book(x: number, y: number, width: number, height: number, cover: string, spine: string): string {
  return `<g>
    <rect x="${x}" y="${y}" width="${width}" height="${height}" rx="6" fill="${cover}"/>
    <rect x="${x + 10}" y="${y + height * 0.25}" width="${width - 14}" height="${height * 0.5}" rx="3" fill="${CREAM}"/>
    <path d="M${x + 14} ${y + height * 0.42} H${x + width - 8} M${x + 14} ${y + height * 0.58} H${x + width - 8}" stroke="#E7DCC8" stroke-width="2"/>
    <rect x="${x}" y="${y}" width="14" height="${height}" rx="6" fill="${spine}"/>
  </g>`;
}

function books(): string {
  return `
  ${shadow(400, 400, 230)}
  ${book(250, 352, 280, 46, TEAL, TEAL_DARK)}
  ${book(270, 310, 240, 42, CORAL, CORAL_DARK)}
  ${book(240, 272, 260, 38, MUSTARD, '#D9962A')}
  ${book(280, 238, 210, 34, '#7A86C8', '#5F6BB0')}
  <g>
    <path d="M382 236 C350 236 346 186 372 176 C386 172 392 180 396 180 C400 180 406 172 420 176 C446 186 442 236 410 236Z" fill="#E2504C"/>
    <path d="M396 180 Q398 160 410 152" stroke="${WOOD_DARK}" stroke-width="5" fill="none" stroke-linecap="round"/>
    ${leaf(404, 168, 26, 60, LEAF)}
  </g>
  <g>
    <path d="M150 400 h70 l-6 -96 h-58Z" fill="${TEAL_DARK}"/>
    <rect x="158" y="230" width="12" height="82" rx="3" fill="${MUSTARD}" transform="rotate(-8 164 312)"/>
    <path d="M156 232 l8 -18 l8 18Z" fill="#F5D6A0" transform="rotate(-8 164 312)"/>
    <rect x="180" y="220" width="12" height="90" rx="3" fill="${CORAL}"/>
    <path d="M180 222 l6 -18 l6 18Z" fill="#F5D6A0"/>
    <rect x="200" y="238" width="12" height="74" rx="3" fill="#7A86C8" transform="rotate(9 206 312)"/>
  </g>
  <g>
    <circle cx="630" cy="250" r="72" fill="#6CB4EE"/>
    <path d="M588 220 Q612 200 632 214 Q650 230 640 250 Q622 262 606 252 Q590 240 588 220Z M650 280 Q672 266 690 282 Q682 306 664 312 Q648 300 650 280Z" fill="${LEAF}"/>
    <path d="M548 250 A82 82 0 0 0 712 250" stroke="${WOOD_DARK}" stroke-width="8" fill="none"/>
    <rect x="624" y="330" width="12" height="56" fill="${WOOD_DARK}"/>
    <ellipse cx="630" cy="396" rx="48" ry="10" fill="${WOOD}"/>
  </g>`;
}

/** A school board on an easel; `drawing` is what is written on it in chalk. */
function board(drawing: string): string {
  return `
  ${shadow(400, 404, 230)}
  <path d="M250 404 L290 200 M550 404 L510 200" stroke="${WOOD_DARK}" stroke-width="14" stroke-linecap="round"/>
  <rect x="200" y="80" width="400" height="250" rx="14" fill="${WOOD}"/>
  <rect x="216" y="96" width="368" height="218" rx="6" fill="#2F5D50"/>
  <g stroke="${CREAM}" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round" opacity=".92">${drawing}</g>
  <rect x="230" y="326" width="340" height="10" rx="4" fill="${WOOD_DARK}"/>
  <rect x="300" y="318" width="34" height="9" rx="3" fill="${CREAM}"/>
  <rect x="350" y="319" width="22" height="8" rx="3" fill="${MUSTARD}"/>
  ${book(600, 364, 120, 34, CORAL, CORAL_DARK)}${book(612, 332, 100, 32, TEAL, TEAL_DARK)}`;
}

function chalkboard(): string {
  return board(`
    <path d="M246 280 H420 M260 290 V118"/>
    <path d="M270 140 Q330 330 400 140"/>
    <path d="M452 132 L530 132 L452 196Z"/>
    <path d="M462 232 h26 M475 219 v26 M506 226 h24 M506 238 h24"/>
    <circle cx="470" cy="278" r="14"/><path d="M470 278 h14"/>
    <path d="M512 270 l22 18 M534 270 l-22 18"/>`);
}

function atom(): string {
  return board(`
    <ellipse cx="330" cy="205" rx="80" ry="30"/>
    <ellipse cx="330" cy="205" rx="80" ry="30" transform="rotate(60 330 205)"/>
    <ellipse cx="330" cy="205" rx="80" ry="30" transform="rotate(-60 330 205)"/>
    <circle cx="330" cy="205" r="9" fill="${CREAM}"/>
    <path d="M450 140 l30 0 M465 125 l0 30"/>
    <path d="M452 200 q18 -34 36 0 t36 0"/>
    <path d="M452 258 h90 M520 246 l22 12 l-22 12"/>`);
}

function cleaning(): string {
  return `
  ${shadow(400, 404, 240)}
  <g>
    <path d="M232 250 H408 L390 400 H250Z" fill="${TEAL}"/>
    <path d="M232 250 H408 L404 282 H236Z" fill="${TEAL_DARK}"/>
    <path d="M238 252 C250 150 390 150 402 252" stroke="${INK}" stroke-width="7" fill="none"/>
    <circle cx="262" cy="236" r="26" fill="${WHITE}"/><circle cx="300" cy="222" r="32" fill="${WHITE}"/>
    <circle cx="342" cy="230" r="28" fill="${WHITE}"/><circle cx="378" cy="240" r="22" fill="${WHITE}"/>
    <circle cx="320" cy="180" r="12" fill="${WHITE}" opacity=".8"/><circle cx="352" cy="166" r="8" fill="${WHITE}" opacity=".8"/>
    <circle cx="288" cy="160" r="6" fill="${WHITE}" opacity=".8"/>
  </g>
  <g>
    <rect x="470" y="226" width="96" height="174" rx="26" fill="${CORAL}"/>
    <rect x="486" y="276" width="64" height="70" rx="10" fill="${CREAM}"/>
    ${sparkle(518, 311, 18, MUSTARD)}
    <rect x="500" y="190" width="36" height="40" rx="6" fill="${INK}"/>
    <path d="M494 190 H580 L576 160 H520 Q494 160 494 190Z" fill="${INK}"/>
    <path d="M536 196 l16 34 h10 l-12 -34Z" fill="${INK}"/>
    <circle cx="600" cy="162" r="6" fill="#9ED8F0"/><circle cx="620" cy="150" r="5" fill="#9ED8F0"/><circle cx="622" cy="172" r="4" fill="#9ED8F0"/>
  </g>
  <g>
    <rect x="604" y="364" width="96" height="38" rx="10" fill="${MUSTARD}"/>
    <rect x="604" y="364" width="96" height="14" rx="6" fill="${LEAF}"/>
    <circle cx="630" cy="388" r="4" fill="#D9962A"/><circle cx="654" cy="392" r="3" fill="#D9962A"/><circle cx="676" cy="386" r="4" fill="#D9962A"/>
  </g>
  ${sparkle(160, 170, 26)}${sparkle(640, 96, 20)}${sparkle(190, 300, 14)}${sparkle(440, 120, 16)}`;
}

function camera(): string {
  const flags = [CORAL, MUSTARD, TEAL, '#7A86C8', CORAL, MUSTARD, TEAL, '#7A86C8'];
  return `
  <path d="M0 70 Q400 150 800 70" stroke="${INK}" stroke-width="3" fill="none" opacity=".5"/>
  ${flags
    .map((color, i) => {
      const x = 40 + i * 100;
      const y = 70 + Math.sin(((i + 0.5) / flags.length) * Math.PI) * 40 - 2;
      return `<path d="M${x} ${y} h44 l-22 40Z" fill="${color}"/>`;
    })
    .join('')}
  ${shadow(400, 404, 220)}
  <g>
    <rect x="220" y="190" width="360" height="210" rx="30" fill="${INK}"/>
    <path d="M300 190 L324 150 H436 L460 190Z" fill="${INK}"/>
    <rect x="240" y="226" width="320" height="30" fill="#3E5C6E"/>
    <rect x="508" y="168" width="44" height="18" rx="6" fill="${CORAL}"/>
    <rect x="254" y="206" width="44" height="24" rx="5" fill="#DDEEF6"/>
    <circle cx="400" cy="296" r="86" fill="#3E5C6E"/>
    <circle cx="400" cy="296" r="70" fill="#22313B"/>
    <circle cx="400" cy="296" r="48" fill="#3B7EA1"/>
    <circle cx="400" cy="296" r="26" fill="#173247"/>
    <circle cx="382" cy="278" r="10" fill="${WHITE}" opacity=".8"/>
    <circle cx="416" cy="312" r="5" fill="${WHITE}" opacity=".5"/>
  </g>
  ${sparkle(640, 200, 22)}${sparkle(170, 240, 16)}${sparkle(680, 300, 12, MUSTARD)}`;
}

function laptop(): string {
  return `
  ${shadow(400, 406, 260)}
  <g>
    <rect x="232" y="136" width="336" height="222" rx="16" fill="${INK}"/>
    <rect x="248" y="152" width="304" height="190" rx="6" fill="#EAF4FB"/>
    <rect x="248" y="152" width="304" height="26" rx="6" fill="${TEAL}"/>
    <circle cx="264" cy="165" r="5" fill="${WHITE}"/><circle cx="280" cy="165" r="5" fill="${WHITE}" opacity=".7"/>
    <rect x="264" y="194" width="120" height="70" rx="8" fill="${WHITE}"/>
    <path d="M274 252 l30 -30 l20 18 l14 -12 l36 24Z" fill="${LEAF}"/><circle cx="360" cy="212" r="8" fill="${MUSTARD}"/>
    <rect x="398" y="196" width="138" height="12" rx="6" fill="#B8D5F3"/>
    <rect x="398" y="218" width="110" height="12" rx="6" fill="#D6E6F6"/>
    <rect x="398" y="240" width="124" height="12" rx="6" fill="#D6E6F6"/>
    <rect x="264" y="280" width="272" height="46" rx="8" fill="${WHITE}"/>
    <rect x="278" y="294" width="80" height="18" rx="9" fill="${CORAL}"/>
    <rect x="372" y="296" width="140" height="14" rx="7" fill="#D6E6F6"/>
    <path d="M196 358 H604 L584 396 Q580 404 570 404 H230 Q220 404 216 396Z" fill="#B6C2CC"/>
    <rect x="360" y="362" width="80" height="8" rx="4" fill="#95A3AF"/>
  </g>
  <g>
    <rect x="622" y="252" width="82" height="150" rx="14" fill="${INK}"/>
    <rect x="630" y="266" width="66" height="118" rx="6" fill="#FFF1E6"/>
    <circle cx="663" cy="300" r="18" fill="${CORAL}"/>
    <rect x="640" y="330" width="46" height="8" rx="4" fill="${TEAL}"/>
    <rect x="646" y="346" width="34" height="8" rx="4" fill="#F6C8AE"/>
  </g>
  <g>
    <path d="M110 318 H182 L174 402 H118Z" fill="${MUSTARD}"/>
    <path d="M182 334 q30 4 24 30 q-6 20 -28 18" stroke="${MUSTARD}" stroke-width="10" fill="none"/>
    <path d="M132 300 q-10 -16 2 -30 q10 -14 0 -28 M156 300 q-10 -16 2 -30 q10 -14 0 -28" stroke="${WHITE}" stroke-width="6" fill="none" stroke-linecap="round" opacity=".8"/>
  </g>`;
}

function garden(): string {
  const fallen = [
    [180, 120, MUSTARD],
    [250, 70, CORAL],
    [610, 90, MUSTARD],
    [690, 160, CORAL_DARK],
    [540, 60, '#E59B3A'],
  ] as const;
  return `
  <path d="M0 340 Q200 290 420 330 T800 310 V500 H0Z" fill="${LEAF}" opacity=".55"/>
  <g>
    <rect x="568" y="180" width="26" height="200" rx="8" fill="${WOOD_DARK}"/>
    <path d="M581 250 L540 210 M581 230 L622 196" stroke="${WOOD_DARK}" stroke-width="12" stroke-linecap="round"/>
    <circle cx="540" cy="170" r="58" fill="#E59B3A"/><circle cx="610" cy="150" r="66" fill="${MUSTARD}"/>
    <circle cx="660" cy="206" r="48" fill="${CORAL}"/><circle cx="520" cy="226" r="42" fill="${CORAL}"/>
    <circle cx="580" cy="110" r="44" fill="#E59B3A"/>
  </g>
  ${fallen.map(([x, y, color]) => leaf(x, y, 26, ((x * 7) % 90) - 45, color)).join('')}
  ${shadow(330, 404, 200)}
  <g>
    <circle cx="150" cy="360" r="46" fill="${LEAF_DARK}"/><circle cx="206" cy="346" r="56" fill="${LEAF}"/><circle cx="256" cy="372" r="36" fill="${LEAF_DARK}"/>
  </g>
  <g>
    <path d="M440 330 L540 300" stroke="${INK}" stroke-width="9" stroke-linecap="round"/>
    <path d="M438 350 L452 402 M408 356 L400 402" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>
    <path d="M300 300 H470 L440 366 H340Z" fill="${TEAL}"/>
    <path d="M300 300 H470 L462 318 H308Z" fill="${TEAL_DARK}"/>
    ${leaf(330, 300, 34, -30, MUSTARD)}${leaf(360, 302, 40, 10, CORAL)}${leaf(392, 300, 36, -10, '#E59B3A')}${leaf(424, 302, 38, 25, MUSTARD)}${leaf(448, 304, 30, -40, CORAL_DARK)}
    <path d="M340 366 L318 382" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>
    <circle cx="312" cy="380" r="22" fill="${INK}"/><circle cx="312" cy="380" r="8" fill="#B6C2CC"/>
  </g>
  <g>
    <path d="M690 402 L640 244" stroke="${WOOD}" stroke-width="8" stroke-linecap="round"/>
    <path d="M606 240 Q640 224 676 238" stroke="${INK}" stroke-width="8" fill="none" stroke-linecap="round"/>
    <path d="M614 240 v20 M628 236 v22 M642 234 v22 M656 234 v22 M670 236 v20" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>
  </g>`;
}

function groceries(): string {
  return `
  ${shadow(400, 404, 230)}
  <g>
    <rect x="392" y="110" width="26" height="150" rx="12" fill="#E9B872" transform="rotate(14 405 260)"/>
    <path d="M398 130 l16 8 M396 160 l16 8 M394 190 l16 8" stroke="#C9914A" stroke-width="4" stroke-linecap="round" transform="rotate(14 405 260)"/>
    ${leaf(318, 230, 110, -18, LEAF)}${leaf(332, 230, 120, -4, LEAF_DARK)}${leaf(346, 232, 100, 12, LEAF)}
    <rect x="440" y="150" width="40" height="110" rx="10" fill="${WHITE}"/>
    <rect x="446" y="132" width="28" height="24" rx="5" fill="#6CB4EE"/>
    <rect x="440" y="190" width="40" height="30" fill="#6CB4EE" opacity=".6"/>
  </g>
  <g>
    <path d="M276 228 H524 L544 404 H256Z" fill="${KRAFT}"/>
    <path d="M276 228 H524 L528 262 H272Z" fill="${KRAFT_DARK}"/>
    <path d="M356 300 q44 -34 88 0" stroke="${KRAFT_DARK}" stroke-width="8" fill="none" stroke-linecap="round"/>
    ${sparkle(400, 352, 20, CREAM)}
  </g>
  <g>
    <circle cx="590" cy="384" r="22" fill="#E2504C"/><circle cx="630" cy="388" r="18" fill="${LEAF}"/>
    <path d="M590 362 q2 -10 8 -14" stroke="${WOOD_DARK}" stroke-width="4" fill="none" stroke-linecap="round"/>
    <rect x="170" y="320" width="70" height="84" rx="10" fill="${WHITE}"/>
    <rect x="178" y="306" width="54" height="20" rx="5" fill="${CORAL}"/>
    <path d="M205 342 v36 M187 360 h36" stroke="${TEAL}" stroke-width="12" stroke-linecap="round"/>
  </g>`;
}

function tools(): string {
  return `
  ${shadow(380, 404, 260)}
  <g>
    <rect x="420" y="112" width="220" height="290" rx="8" fill="${WOOD}"/>
    <rect x="436" y="128" width="188" height="258" rx="4" fill="#E9C49A"/>
    <rect x="436" y="200" width="188" height="12" fill="${WOOD_DARK}"/>
    <rect x="436" y="280" width="188" height="12" fill="${WOOD_DARK}"/>
    <rect x="460" y="150" width="20" height="50" rx="3" fill="${TEAL}"/><rect x="484" y="160" width="18" height="40" rx="3" fill="${CORAL}"/>
    <rect x="506" y="146" width="22" height="54" rx="3" fill="${MUSTARD}"/>
    ${plant(580, 280, 0.55)}
    <rect x="664" y="190" width="26" height="210" rx="6" fill="#E9C49A" transform="rotate(8 677 400)"/>
  </g>
  <g>
    <rect x="150" y="300" width="210" height="100" rx="12" fill="${CORAL}"/>
    <rect x="150" y="300" width="210" height="28" rx="12" fill="${CORAL_DARK}"/>
    <path d="M214 300 v-26 h82 v26" stroke="${INK}" stroke-width="10" fill="none" stroke-linejoin="round"/>
    <rect x="240" y="340" width="30" height="16" rx="4" fill="${MUSTARD}"/>
  </g>
  <g>
    <rect x="170" y="418" width="110" height="12" rx="6" fill="#8899A6" transform="rotate(-6 225 424)"/>
    <circle cx="172" cy="428" r="14" fill="none" stroke="#8899A6" stroke-width="10"/>
    <rect x="300" y="414" width="60" height="18" rx="8" fill="${MUSTARD}"/><rect x="358" y="420" width="70" height="6" rx="3" fill="#8899A6"/>
    <path d="M470 428 h40 v-24" stroke="${INK}" stroke-width="6" fill="none" stroke-linecap="round"/>
    <circle cx="540" cy="424" r="5" fill="#8899A6"/><circle cx="560" cy="428" r="5" fill="#8899A6"/><circle cx="552" cy="414" r="5" fill="#8899A6"/>
  </g>`;
}

/** A music note: a head, a stem, a flag. */
const note = (x: number, y: number, fill: string) =>
  `<g fill="${fill}"><ellipse cx="${x}" cy="${y}" rx="14" ry="10" transform="rotate(-20 ${x} ${y})"/><rect x="${x + 10}" y="${y - 52}" width="5" height="52"/><path d="M${x + 15} ${y - 52} q20 8 18 30 q-6 -14 -18 -14Z"/></g>`;

function guitar(): string {
  return `
  ${shadow(400, 404, 180)}
  <g transform="translate(400 404) scale(.88) translate(-400 -438) rotate(-16 400 330)">
    <rect x="388" y="40" width="24" height="210" rx="4" fill="${WOOD_DARK}"/>
    <rect x="380" y="22" width="40" height="50" rx="10" fill="${INK}"/>
    <circle cx="376" cy="36" r="5" fill="#B6C2CC"/><circle cx="376" cy="58" r="5" fill="#B6C2CC"/><circle cx="424" cy="36" r="5" fill="#B6C2CC"/><circle cx="424" cy="58" r="5" fill="#B6C2CC"/>
    <circle cx="400" cy="250" r="78" fill="${CORAL}"/>
    <circle cx="400" cy="340" r="98" fill="${CORAL}"/>
    <path d="M322 262 Q400 300 478 262" stroke="${CORAL_DARK}" stroke-width="10" fill="none" opacity=".35"/>
    <circle cx="400" cy="272" r="30" fill="${INK}"/>
    <circle cx="400" cy="272" r="38" fill="none" stroke="${MUSTARD}" stroke-width="5"/>
    <rect x="364" y="356" width="72" height="14" rx="5" fill="${INK}"/>
    <path d="M394 60 V362 M398 60 V362 M402 60 V362 M406 60 V362" stroke="${CREAM}" stroke-width="1.5"/>
    <path d="M388 100 h24 M388 140 h24 M388 176 h24" stroke="#B6C2CC" stroke-width="2"/>
  </g>
  ${note(200, 170, TEAL)}${note(610, 130, CORAL_DARK)}${note(640, 260, TEAL_DARK)}${note(160, 300, MUSTARD)}
  ${plant(680, 402, 0.9)}`;
}

/** A balloon on its string, tied near the bottom of the picture. */
const balloon = (x: number, y: number, fill: string, tieX: number) =>
  `<g><path d="M${x} ${y + 58} Q${x + 20} ${y + 140} ${tieX} ${y + 220}" stroke="${INK}" stroke-width="2" fill="none" opacity=".6"/>
   <ellipse cx="${x}" cy="${y}" rx="44" ry="54" fill="${fill}"/><path d="M${x - 7} ${y + 62} l7 -10 l7 10Z" fill="${fill}"/>
   <ellipse cx="${x - 16}" cy="${y - 20}" rx="10" ry="16" fill="${WHITE}" opacity=".45" transform="rotate(20 ${x - 16} ${y - 20})"/></g>`;

function party(): string {
  const confetti = [
    [120, 80, CORAL, 20],
    [250, 50, TEAL, -30],
    [520, 70, MUSTARD, 45],
    [700, 60, '#7A86C8', 10],
    [660, 200, CORAL, -20],
    [90, 240, MUSTARD, 30],
    [740, 300, TEAL, 60],
  ] as const;
  return `
  ${confetti.map(([x, y, color, angle]) => `<rect x="${x}" y="${y}" width="18" height="8" rx="2" fill="${color}" transform="rotate(${angle} ${x} ${y})"/>`).join('')}
  ${balloon(190, 140, CORAL, 240)}${balloon(270, 110, MUSTARD, 250)}${balloon(620, 130, TEAL, 580)}${balloon(560, 90, '#7A86C8', 570)}
  ${shadow(400, 404, 180)}
  <g>
    <rect x="250" y="386" width="300" height="16" rx="8" fill="${WHITE}"/>
    <rect x="280" y="300" width="240" height="88" rx="12" fill="#FDE2C4"/>
    <path d="M280 316 q20 22 40 0 q20 22 40 0 q20 22 40 0 q20 22 40 0 q20 22 40 0 q20 22 40 0 V300 H280Z" fill="${CORAL}"/>
    <rect x="318" y="226" width="164" height="76" rx="12" fill="${CREAM}"/>
    <path d="M318 240 q16 18 32 0 q16 18 32 0 q16 18 32 0 q16 18 32 0 q18 18 36 0 V226 H318Z" fill="#F7D6E0"/>
    <circle cx="340" cy="350" r="7" fill="${MUSTARD}"/><circle cx="400" cy="356" r="7" fill="${TEAL}"/><circle cx="460" cy="350" r="7" fill="${MUSTARD}"/>
    ${[352, 388, 424, 460].map((x, i) => `<rect x="${x - 5}" y="188" width="10" height="40" rx="3" fill="${[TEAL, CORAL, MUSTARD, '#7A86C8'][i]}"/><path d="M${x} 168 q10 12 0 20 q-10 -8 0 -20Z" fill="${MUSTARD}"/>`).join('')}
  </g>`;
}

/** A cardboard box with its tape, `w` × `h`, its bottom-left corner at (x, y). */
const box = (x: number, y: number, w: number, h: number) =>
  `<g><rect x="${x}" y="${y - h}" width="${w}" height="${h}" rx="6" fill="${KRAFT}"/>
   <rect x="${x}" y="${y - h}" width="${w}" height="${h * 0.16}" rx="6" fill="${KRAFT_DARK}"/>
   <rect x="${x + w / 2 - 12}" y="${y - h}" width="24" height="${h * 0.42}" fill="#EFD3A8"/>
   <path d="M${x + 16} ${y - h * 0.3} l8 -12 l8 12 M${x + 24} ${y - h * 0.3 - 12} v22" stroke="${WOOD_DARK}" stroke-width="3" fill="none" stroke-linecap="round"/></g>`;

function boxes(): string {
  return `
  ${shadow(400, 404, 260)}
  ${box(170, 402, 170, 130)}${box(190, 272, 130, 100)}${box(350, 402, 140, 110)}
  <g>
    <path d="M560 150 V392 h120" stroke="${INK}" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M560 150 h-26" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>
    ${box(570, 386, 100, 96)}${box(576, 290, 90, 80)}
    <circle cx="580" cy="398" r="16" fill="${INK}"/><circle cx="580" cy="398" r="6" fill="#B6C2CC"/>
  </g>
  ${plant(110, 402, 0.9)}`;
}

function van(): string {
  return `
  <path d="M0 360 Q400 330 800 360 V500 H0Z" fill="#B6C2CC" opacity=".35"/>
  <path d="M90 440 H710" stroke="${WHITE}" stroke-width="8" stroke-dasharray="46 30" opacity=".8"/>
  ${shadow(400, 406, 300)}
  <g>
    <path d="M120 190 Q120 160 150 160 H470 V390 H120Z" fill="${WHITE}"/>
    <path d="M470 200 H580 Q606 200 620 226 L676 300 Q690 318 690 340 V390 H470Z" fill="${TEAL}"/>
    <path d="M496 222 H574 Q588 222 596 236 L636 300 H496Z" fill="#CFE2F7"/>
    <rect x="120" y="330" width="350" height="16" fill="${TEAL}"/>
    <rect x="150" y="190" width="150" height="100" rx="10" fill="#EAF4FB"/>
    ${box(162, 286, 60, 56)}${box(230, 286, 58, 76)}
    <rect x="664" y="334" width="26" height="16" rx="4" fill="${MUSTARD}"/>
    <rect x="520" y="320" width="40" height="8" rx="4" fill="${TEAL_DARK}"/>
    <circle cx="220" cy="392" r="40" fill="${INK}"/><circle cx="220" cy="392" r="16" fill="#B6C2CC"/>
    <circle cx="590" cy="392" r="40" fill="${INK}"/><circle cx="590" cy="392" r="16" fill="#B6C2CC"/>
  </g>`;
}

function olives(): string {
  const olivesAt = [
    [300, 180],
    [340, 214],
    [420, 150],
    [470, 200],
    [520, 160],
    [380, 240],
    [560, 226],
    [260, 230],
    [450, 246],
  ];
  return `
  <path d="M0 300 Q180 230 380 290 T800 270 V500 H0Z" fill="${LEAF}" opacity=".35"/>
  <path d="M0 350 Q260 300 520 350 T800 340 V500 H0Z" fill="#E3C98A" opacity=".6"/>
  ${shadow(420, 404, 250)}
  <g>
    <path d="M400 404 C420 340 380 310 410 250 M410 300 C440 280 470 270 500 220 M404 320 C370 290 340 280 310 240" stroke="#8A6A4F" stroke-width="22" fill="none" stroke-linecap="round"/>
    <ellipse cx="300" cy="200" rx="90" ry="56" fill="#8FA876"/><ellipse cx="410" cy="160" rx="110" ry="70" fill="#A3BA8A"/>
    <ellipse cx="530" cy="200" rx="96" ry="58" fill="#8FA876"/><ellipse cx="430" cy="226" rx="90" ry="44" fill="#7D9865"/>
    ${olivesAt.map(([x, y], i) => `<ellipse cx="${x}" cy="${y}" rx="9" ry="12" fill="${i % 3 === 0 ? '#4B3A55' : '#5C6E2E'}"/>`).join('')}
  </g>
  <g>
    <path d="M560 404 L610 236 M620 404 L660 250" stroke="${WOOD}" stroke-width="9" stroke-linecap="round"/>
    <path d="M572 364 h52 M584 322 h50 M596 282 h48" stroke="${WOOD}" stroke-width="7" stroke-linecap="round"/>
  </g>
  <g>
    <path d="M170 338 H300 L286 404 H184Z" fill="${WOOD}"/>
    <path d="M176 360 H294 M182 382 H290" stroke="${WOOD_DARK}" stroke-width="4"/>
    <circle cx="196" cy="334" r="10" fill="#5C6E2E"/><circle cx="218" cy="330" r="10" fill="#4B3A55"/><circle cx="240" cy="334" r="10" fill="#5C6E2E"/>
    <circle cx="262" cy="330" r="10" fill="#4B3A55"/><circle cx="282" cy="334" r="10" fill="#5C6E2E"/><circle cx="230" cy="320" r="10" fill="#5C6E2E"/>
  </g>`;
}

function pets(): string {
  return `
  ${shadow(400, 404, 260)}
  <rect x="150" y="368" width="500" height="36" rx="18" fill="${TEAL}" opacity=".8"/>
  <g transform="translate(310 386) scale(.82)">${dogFigure('#A9714B', '#7E5034', '#E9C7A7')}</g>
  <g transform="translate(500 386) scale(.78)">${catFigure('#3F4A56', '#2B333C', '#F2F2F2')}</g>
  <g>
    <path d="M666 402 h84 l-10 -30 h-64Z" fill="${CORAL}"/>
    <ellipse cx="708" cy="372" rx="36" ry="8" fill="#B5651D"/>
    <path d="M60 402 h50 a8 8 0 0 0 0 -16 h-4 a10 10 0 1 0 -12 -12 h-22 a10 10 0 1 0 -12 12 h-4 a8 8 0 0 0 0 16Z" fill="${WHITE}"/>
  </g>
  <path d="M560 110 c-20 -30 -70 -10 -40 30 l40 36 l40 -36 c30 -40 -20 -60 -40 -30Z" fill="${CORAL}" opacity=".85"/>`;
}

function delivery(): string {
  return `
  <path d="M120 380 C180 260 300 340 360 240 S540 120 640 150" stroke="${WHITE}" stroke-width="8" stroke-dasharray="2 22" stroke-linecap="round" fill="none"/>
  <g>
    <path d="M650 180 C618 140 618 84 650 70 C682 56 722 76 722 114 C722 144 690 166 666 200 Q658 210 650 180Z" fill="${CORAL}"/>
    <circle cx="670" cy="112" r="20" fill="${WHITE}"/>
  </g>
  <circle cx="120" cy="384" r="14" fill="${TEAL}"/><circle cx="120" cy="384" r="28" fill="${TEAL}" opacity=".25"/>
  ${shadow(420, 404, 200)}
  ${box(300, 402, 130, 110)}${box(440, 402, 110, 84)}${box(330, 292, 90, 70)}
  <g>
    <rect x="570" y="350" width="120" height="52" rx="10" fill="${TEAL}"/>
    <rect x="580" y="314" width="58" height="40" rx="6" fill="${MUSTARD}"/>
    <circle cx="592" cy="404" r="16" fill="${INK}"/><circle cx="670" cy="404" r="16" fill="${INK}"/>
  </g>
  ${sparkle(230, 140, 16)}`;
}

function serving(): string {
  const bulbs = Array.from({ length: 9 }, (_, i) => {
    const x = 60 + i * 85;
    const y = 60 + Math.sin((i / 8) * Math.PI) * 50;
    return `<rect x="${x - 3}" y="${y}" width="6" height="10" fill="${INK}"/><circle cx="${x}" cy="${y + 20}" r="11" fill="${i % 2 ? MUSTARD : '#FFE08A'}"/><circle cx="${x}" cy="${y + 20}" r="24" fill="#FFE08A" opacity=".3"/>`;
  }).join('');
  const glass = (x: number, fill: string) =>
    `<g><path d="M${x - 22} 212 H${x + 22} Q${x + 24} 262 ${x} 270 Q${x - 24} 262 ${x - 22} 212Z" fill="${WHITE}" opacity=".9"/>
     <path d="M${x - 19} 236 H${x + 19} Q${x + 18} 262 ${x} 266 Q${x - 18} 262 ${x - 19} 236Z" fill="${fill}"/>
     <rect x="${x - 3}" y="268" width="6" height="40" fill="${WHITE}"/><ellipse cx="${x}" cy="310" rx="20" ry="5" fill="${WHITE}"/></g>`;
  return `
  <path d="M0 60 Q400 170 800 60" stroke="${INK}" stroke-width="3" fill="none" opacity=".6"/>
  ${bulbs}
  ${shadow(400, 404, 240)}
  <g>
    <ellipse cx="400" cy="326" rx="220" ry="26" fill="${WHITE}"/>
    <path d="M180 326 Q176 380 200 402 H600 Q624 380 620 326Z" fill="${WHITE}"/>
    <path d="M240 340 v56 M320 346 v54 M400 348 v54 M480 346 v54 M560 340 v56" stroke="#E4E9ED" stroke-width="6"/>
    ${glass(300, '#B0344C')}${glass(360, MUSTARD)}
    <ellipse cx="480" cy="300" rx="70" ry="14" fill="#B6C2CC"/>
    <ellipse cx="480" cy="294" rx="56" ry="10" fill="${CREAM}"/>
    <circle cx="462" cy="286" r="12" fill="${CORAL}"/><circle cx="490" cy="284" r="12" fill="${LEAF}"/><circle cx="512" cy="290" r="9" fill="${MUSTARD}"/>
    <rect x="236" y="288" width="24" height="24" rx="4" fill="${CREAM}"/><path d="M248 288 V268" stroke="${INK}" stroke-width="2"/><path d="M248 264 q6 -8 0 -14 q-6 6 0 14Z" fill="${MUSTARD}"/>
  </g>`;
}

const DRAW_SCENE: Record<Scene, () => string> = {
  sofa,
  dog,
  cats,
  books,
  chalkboard,
  atom,
  cleaning,
  camera,
  laptop,
  garden,
  groceries,
  tools,
  guitar,
  party,
  boxes,
  van,
  olives,
  pets,
  delivery,
  serving,
};

/** The whole picture as SVG, `width` × `height` pixels (8 : 5). */
export function illustrationSvg({ scene, backdrop, isMirrored = false }: Illustration, width: number, height: number): string {
  const colors = BACKDROPS[backdrop];
  const flip = isMirrored ? ' transform="translate(800 0) scale(-1 1)"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 500">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.from}"/><stop offset="1" stop-color="${colors.to}"/></linearGradient>
  </defs>
  <rect width="800" height="500" fill="url(#bg)"/>
  <g${flip}>
    <circle cx="560" cy="190" r="230" fill="${colors.blob}" opacity=".28"/>
    <circle cx="260" cy="230" r="150" fill="${colors.blob}" opacity=".55"/>
    <circle cx="90" cy="90" r="10" fill="${WHITE}" opacity=".6"/><circle cx="720" cy="420" r="14" fill="${WHITE}" opacity=".5"/>
    <rect x="0" y="400" width="800" height="100" fill="${colors.floor}" opacity=".55"/>
    ${DRAW_SCENE[scene]()}
  </g>
</svg>`;
}
