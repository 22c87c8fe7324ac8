import type { ReactNode } from 'react';
import { Card, CardHeader } from '../../../shared/ui';

export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} title={title} description={description} />
      {children}
    </Card>
  );
}
