// The shared kit (ARCHITECTURE.md §2, §9). Tools import from 'ui' and style with the tokens in tokens.css.
export { Button, type ButtonProps, type ButtonVariant } from './button';
export { DetailList, type Detail } from './detail-list';
export { Field, TextField, SelectField, TextAreaField } from './field';
export { Menu, type MenuItem } from './menu';
export { Modal } from './modal';
export { Page } from './page';
export { Spinner } from './spinner';
export { StatusCard, type Tone } from './status-card';
export { Table, type TableColumn } from './table';
export { Tabs, type TabItem } from './tabs';
export { Tag } from './tag';
export { ToastProvider, useToast, type ToastOptions } from './toast';
