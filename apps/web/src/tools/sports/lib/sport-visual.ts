// 002 §7 "Sport card images are chosen by keywords in the sport name, with a default image." The
// originals loaded photos from outside; Guildhall loads nothing from outside (ARCHITECTURE.md §3),
// so each keyword picks a colour band and a short mark drawn in the bundled font (emoji fonts are
// not on every machine, so none are used).
const VISUALS: Array<{ keywords: string[]; icon: string; hue: number }> = [
  { keywords: ['table tennis', 'table-tennis', 'ping pong', 'ปิงปอง'], icon: 'TT', hue: 200 },
  { keywords: ['football', 'soccer', 'futsal', 'ฟุตบอล', 'ฟุตซอล'], icon: 'FB', hue: 140 },
  { keywords: ['basketball', 'บาส'], icon: 'BB', hue: 25 },
  { keywords: ['volleyball', 'วอลเลย์'], icon: 'VB', hue: 45 },
  { keywords: ['badminton', 'แบด'], icon: 'BD', hue: 280 },
  { keywords: ['takraw', 'ตะกร้อ'], icon: 'ST', hue: 60 },
  { keywords: ['swim', 'ว่ายน้ำ'], icon: 'SW', hue: 195 },
  { keywords: ['tennis', 'เทนนิส'], icon: 'TN', hue: 90 },
  { keywords: ['run', 'athletic', 'track', 'กรีฑา'], icon: 'AT', hue: 10 },
  { keywords: ['chess', 'หมากรุก'], icon: 'CH', hue: 230 },
];
const DEFAULT_VISUAL = { icon: '★', hue: 220 };

export function sportVisual(name: string): { icon: string; hue: number } {
  const lower = name.toLowerCase();
  return VISUALS.find((v) => v.keywords.some((k) => lower.includes(k))) ?? DEFAULT_VISUAL;
}
