// Desktop icons drawn inline (no emoji font or image file needed): a monitor, a medal, a clipboard.
const common = { width: 40, height: 40, viewBox: '0 0 40 40', 'aria-hidden': true, focusable: false } as const;

export function ComputerIcon() {
  return (
    <svg {...common}>
      <rect x="4" y="6" width="32" height="22" rx="2" fill="#f3ead8" stroke="#2b0404" strokeWidth="2" />
      <rect x="8" y="10" width="24" height="14" fill="#2f6f9f" />
      <path d="M15 28h10l2 6H13z" fill="#c9b27a" stroke="#2b0404" strokeWidth="2" />
    </svg>
  );
}

export function MedalIcon() {
  return (
    <svg {...common}>
      <path d="M12 3h6l4 12h-6zM28 3h-6l-4 12h6z" fill="#b71c1c" stroke="#2b0404" strokeWidth="1.5" />
      <circle cx="20" cy="25" r="11" fill="#f5d67b" stroke="#2b0404" strokeWidth="2" />
      <path d="m20 18 2.1 4.4 4.8.6-3.5 3.3.9 4.7-4.3-2.3-4.3 2.3.9-4.7-3.5-3.3 4.8-.6z" fill="#b71c1c" />
    </svg>
  );
}

export function ClipboardIcon() {
  return (
    <svg {...common}>
      <rect x="7" y="6" width="26" height="31" rx="2" fill="#f3ead8" stroke="#2b0404" strokeWidth="2" />
      <rect x="14" y="3" width="12" height="6" rx="1.5" fill="#c9b27a" stroke="#2b0404" strokeWidth="2" />
      <path d="M12 16h16M12 22h16M12 28h10" stroke="#2b0404" strokeWidth="2" />
    </svg>
  );
}
