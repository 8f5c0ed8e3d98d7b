import type { ReactNode } from 'react';
import 'toolchat/styles.css';

export const metadata = { title: 'toolchat on Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
