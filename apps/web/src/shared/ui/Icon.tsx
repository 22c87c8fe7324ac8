import type { SVGProps } from 'react';

/** Stroke icons on a 24-unit grid. Decorative by default (aria-hidden); label the control, not the icon. */
const PATHS = {
  mail: ['M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z', 'm3.5 6.5 8.5 6.5 8.5-6.5'],
  reply: ['M9.5 6 4 11.5 9.5 17', 'M4.5 11.5H14a6 6 0 0 1 6 6V19'],
  replyAll: ['M12 6 6.5 11.5 12 17', 'M7 6 1.5 11.5 7 17', 'M7 11.5h9a5.5 5.5 0 0 1 5.5 5.5v2'],
  forward: ['M14.5 6 20 11.5 14.5 17', 'M19.5 11.5H10a6 6 0 0 0-6 6V19'],
  send: ['M4 12 20.5 4 16 20l-4.5-6.5Z', 'M11.5 13.5 20.5 4'],
  stop: ['M7 7h10v10H7Z'],
  inbox: ['M3 13h5l1.5 3h5L16 13h5', 'M5.5 5h13L21 13v5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-5Z'],
  bell: ['M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15Z', 'M10 20.5a2 2 0 0 0 4 0'],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  close: ['M6 6l12 12', 'M18 6 6 18'],
  check: ['m5 12.5 4.5 4.5L19 7.5'],
  paperclip: ['m20.5 11.5-8.3 8.3a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8'],
  checkCircle: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'm8 12.5 3 3 5-6'],
  alert: ['M12 3.5 22 20H2Z', 'M12 10v4.5', 'M12 17.5v.01'],
  info: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 11v5.5', 'M12 7.5v.01'],
  arrowRight: ['M5 12h14', 'm13 6 6 6-6 6'],
  arrowLeft: ['M19 12H5', 'm11 6-6 6 6 6'],
  external: ['M14 4h6v6', 'M20 4 11 13', 'M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5'],
  shield: ['M12 3 4.5 6v5.5c0 4.5 3.2 8 7.5 9.5 4.3-1.5 7.5-5 7.5-9.5V6Z', 'm9 12 2.2 2.2L15.5 10'],
  lock: ['M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1Z', 'M8 11V8a4 4 0 1 1 8 0v3'],
  undo: ['M4 9h10.5a5.5 5.5 0 0 1 0 11H9', 'M8 4 3.5 9 8 14'],
  clock: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z', 'M12 7v5l3 2'],
  tag: ['M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9Z', 'M7.5 7.5v.01'],
  layers: ['m12 3 9 5-9 5-9-5Z', 'm3 13 9 5 9-5'],
  newspaper: ['M5 4h12v15a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2V5a1 1 0 0 1 1-1Z', 'M17 9h3v10a2 2 0 0 1-4 0', 'M8 8h5', 'M8 12h5', 'M8 16h3'],
  mailMinus: ['M21 13V6a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h9', 'm3.5 6.5 8.5 6.5 8.5-6.5', 'M16 18h6'],
  mic: ['M9 5a3 3 0 0 1 6 0v6a3 3 0 0 1-6 0Z', 'M5.5 11a6.5 6.5 0 0 0 13 0', 'M12 17.5V21'],
  keyboard: ['M3 7h18v10H3Z', 'M7 10.5h.01', 'M11 10.5h.01', 'M15 10.5h.01', 'M8 14h8'],
  volume: ['M4 9.5h3.5L12 5.5v13l-4.5-4H4Z', 'M15.5 9a4 4 0 0 1 0 6', 'M18 6.5a7.5 7.5 0 0 1 0 11'],
  chart: ['M4 20V4', 'M4 20h16', 'M8 16v-4', 'M12 16V8', 'M16 16v-6'],
  settings: [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
    'M19.4 13.5a7.6 7.6 0 0 0 0-3l2-1.5-2-3.5-2.4 1a7.5 7.5 0 0 0-2.6-1.5L14 2.5h-4l-.4 2.5A7.5 7.5 0 0 0 7 6.5l-2.4-1-2 3.5 2 1.5a7.6 7.6 0 0 0 0 3l-2 1.5 2 3.5 2.4-1a7.5 7.5 0 0 0 2.6 1.5l.4 2.5h4l.4-2.5a7.5 7.5 0 0 0 2.6-1.5l2.4 1 2-3.5Z',
  ],
  activity: ['M3 12h4l3-8 4 16 3-8h4'],
  grid: ['M4 4h6v6H4Z', 'M14 4h6v6h-6Z', 'M4 14h6v6H4Z', 'M14 14h6v6h-6Z'],
  key: ['M8 15a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M12 11h9', 'M18 11v3', 'M15 11v2'],
  download: ['M12 4v11', 'm7 10 5 5 5-5', 'M5 20h14'],
  trash: ['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 13h10l1-13', 'M10 11v6', 'M14 11v6'],
  refresh: ['M20 11a8 8 0 0 0-14.5-4.5L4 8', 'M4 4v4h4', 'M4 13a8 8 0 0 0 14.5 4.5L20 16', 'M20 20v-4h-4'],
  wrench: ['M14.5 6.5a4 4 0 0 0 5 5L21 10a5.5 5.5 0 0 1-7.5 5.5L7 22l-3-3 6.5-6.5A5.5 5.5 0 0 1 16 5Z'],
  user: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z', 'M4.5 20.5a7.5 7.5 0 0 1 15 0'],
  logOut: ['M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4', 'M10 17l-5-5 5-5', 'M5 12h11'],
  copy: ['M9 9h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1Z', 'M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1'],
  plug: ['M9 3v5', 'M15 3v5', 'M6 8h12v3a6 6 0 0 1-12 0Z', 'M12 17v4'],
  eyeOff: ['M3 3l18 18', 'M10.5 5.2A9.7 9.7 0 0 1 12 5c5 0 8.5 4.5 9.5 7a13 13 0 0 1-2.6 3.6', 'M6.6 6.6C4.5 8 3.1 10 2.5 12c1 2.5 4.5 7 9.5 7a9.6 9.6 0 0 0 5.4-1.6', 'M9.9 9.9a3 3 0 0 0 4.2 4.2'],
  sparkle: ['M12 3.5 13.8 10 20.5 12l-6.7 2L12 20.5 10.2 14 3.5 12l6.7-2Z'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z', 'm20 20-4-4'],
  smartphone: ['M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z', 'M11 18h2'],
  chevronDown: ['m6 9 6 6 6-6'],
  chevronRight: ['m9 6 6 6-6 6'],
  star: ['M12 3.5 14.6 8.8l5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z'],
  archive: ['M3.5 4.5h17v4h-17Z', 'M5 8.5V19a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8.5', 'M10 12.5h4'],
  mailOpen: ['M3 10 12 3.5l9 6.5v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z', 'm3.5 10.5 8.5 6 8.5-6'],
  important: ['M4 6h11l5 6-5 6H4l4-6Z'],
  rows: ['M4 6h16', 'M4 10h16', 'M4 14h16', 'M4 18h16'],
} as const;

export type IconName = keyof typeof PATHS;

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  name: IconName;
  size?: number;
}

export function Icon({ name, size = 20, className, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...rest}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
