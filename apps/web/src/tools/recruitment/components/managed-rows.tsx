import { type FormEvent, useState } from 'react';
import {
  QUESTION_TYPES,
  type Question,
  QuestionType,
  type Role,
  type Stage,
  parseOptions,
  splitChoices,
} from '@guildhall/contracts/recruitment';
import { Button } from '@/ui/button';
import { SelectField, TextField } from '@/ui/field';
import { useToast } from '@/ui/toast';
import { useUpdateQuestion } from '../api/update-question';
import { useUpdateRole } from '../api/update-role';
import { useUpdateStage } from '../api/update-stage';
import { MESSAGES, updateFailureText } from '../lib/messages';
import { DeleteWithUndo } from './delete-with-undo';

// Issue 13 item 3: one row of Manage Application Stages / Roles / Questions (000 §2), shown as before
// with Edit beside Delete; Edit turns the row into a small form. Saving never changes what existing
// applications recorded (the server keeps their copies).

export const TYPE_LABELS: Record<QuestionType, string> = { text: 'Text', file: 'File upload', 'multiple-choice': 'Multiple choice' };

function useSaved() {
  const toast = useToast();
  return {
    ok: (title: string) => toast({ title, tone: 'success' }),
    fail: (error: unknown) => toast({ title: updateFailureText(error), tone: 'danger' }),
  };
}

function EditActions({ pending, onCancel }: { pending: boolean; onCancel(): void }) {
  return (
    <span className="recruitment-row-actions">
      <Button type="submit" size="sm" disabled={pending}>
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </span>
  );
}

export function StageRow({ stage, isDefault }: { stage: Stage; isDefault: boolean }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(stage.name);
  const [color, setColor] = useState(stage.color);
  const update = useUpdateStage();
  const saved = useSaved();
  if (editing) {
    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      update.mutate(
        { id: stage.id, body: { name, color } },
        { onSuccess: () => (setEditing(false), saved.ok(`Stage “${name.trim()}” saved.`)), onError: saved.fail },
      );
    };
    return (
      <form className="recruitment-row-edit" onSubmit={onSubmit} aria-label={`Edit stage ${stage.name}`}>
        <TextField label="Stage name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Colour" type="color" value={color} onChange={(e) => setColor(e.target.value)} className="recruitment-color" />
        <EditActions pending={update.isPending} onCancel={() => (setEditing(false), setName(stage.name), setColor(stage.color))} />
      </form>
    );
  }
  return (
    <div className="recruitment-row">
      <span className="recruitment-swatch" style={{ background: stage.color }} aria-hidden="true" />
      <span className="recruitment-row__text">
        {stage.name}
        {isDefault && <span className="recruitment-muted"> (default for new applications)</span>}
      </span>
      <span className="recruitment-row-actions">
        <Button size="sm" variant="ghost" aria-label={`Edit stage ${stage.name}`} onClick={() => setEditing(true)}>
          Edit
        </Button>
        <DeleteWithUndo list="stages" id={stage.id} name={stage.name} />
      </span>
    </div>
  );
}

export function RoleRow({ role }: { role: Role }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(role.name);
  const update = useUpdateRole();
  const saved = useSaved();
  if (editing) {
    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      update.mutate(
        { id: role.id, body: { name } },
        { onSuccess: () => (setEditing(false), saved.ok(`Role “${name.trim()}” saved.`)), onError: saved.fail },
      );
    };
    return (
      <form className="recruitment-row-edit" onSubmit={onSubmit} aria-label={`Edit role ${role.name}`}>
        <TextField label="Role name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <EditActions pending={update.isPending} onCancel={() => (setEditing(false), setName(role.name))} />
      </form>
    );
  }
  return (
    <div className="recruitment-row">
      <span className="recruitment-row__text">{role.name}</span>
      <span className="recruitment-row-actions">
        <Button size="sm" variant="ghost" aria-label={`Edit role ${role.name}`} onClick={() => setEditing(true)}>
          Edit
        </Button>
        <DeleteWithUndo list="roles" id={role.id} name={role.name} />
      </span>
    </div>
  );
}

/** Issue 13 item 3: which roles a question is asked for; none ticked means every role. */
export function RoleScopeField({ roles, value, onChange }: { roles: Role[]; value: number[]; onChange(ids: number[]): void }) {
  if (roles.length === 0) return null;
  return (
    <fieldset className="recruitment-role-scope">
      <legend>Ask for roles</legend>
      <p className="recruitment-muted">None ticked: every role.</p>
      {roles.map((role) => (
        <label key={role.id} className="recruitment-check">
          <input
            type="checkbox"
            checked={value.includes(role.id)}
            onChange={(e) => onChange(e.target.checked ? [...value, role.id] : value.filter((id) => id !== role.id))}
          />
          {role.name}
        </label>
      ))}
    </fieldset>
  );
}

export function rolesText(question: Pick<Question, 'roleIds'>, roles: Role[]): string {
  if (question.roleIds.length === 0) return 'All roles';
  const names = question.roleIds.map((id) => roles.find((r) => r.id === id)?.name).filter(Boolean);
  return names.length ? names.join(', ') : 'Removed roles only';
}

export function QuestionRow({ question, roles }: { question: Question; roles: Role[] }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(question.text);
  const [type, setType] = useState<QuestionType>(question.type);
  const [choices, setChoices] = useState(parseOptions(question.options).join(', '));
  const [roleIds, setRoleIds] = useState(question.roleIds);
  const update = useUpdateQuestion();
  const saved = useSaved();
  const toast = useToast();
  if (editing) {
    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      const options = type === 'multiple-choice' ? splitChoices(choices) : undefined;
      if (options && options.length === 0) {
        toast({ title: MESSAGES.missingChoices, tone: 'danger' });
        return;
      }
      update.mutate(
        { id: question.id, body: { text, type, options, roleIds } },
        { onSuccess: () => (setEditing(false), saved.ok('Question saved.')), onError: saved.fail },
      );
    };
    return (
      <form className="recruitment-row-edit recruitment-row-edit--wide" onSubmit={onSubmit} aria-label={`Edit question ${question.text}`}>
        <TextField label="Question" required maxLength={500} value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField
          label="Type"
          value={type}
          onChange={(e) => setType(QuestionType.parse(e.target.value))}
          options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        />
        {type === 'multiple-choice' && (
          <TextField label="Choices (comma-separated)" value={choices} onChange={(e) => setChoices(e.target.value)} />
        )}
        <RoleScopeField roles={roles} value={roleIds} onChange={setRoleIds} />
        <EditActions
          pending={update.isPending}
          onCancel={() => {
            // As the stage and role rows: Cancel puts back what is saved (the abandoned text came back on Edit).
            setEditing(false);
            setText(question.text);
            setType(question.type);
            setChoices(parseOptions(question.options).join(', '));
            setRoleIds(question.roleIds);
          }}
        />
      </form>
    );
  }
  return (
    <div className="recruitment-row">
      <span className="recruitment-row__text">
        {question.text} <span className="recruitment-muted">· {TYPE_LABELS[question.type]}</span>
        {question.type === 'multiple-choice' && <span className="recruitment-muted"> · {parseOptions(question.options).join(', ')}</span>}
        <span className="recruitment-muted"> · {rolesText(question, roles)}</span>
      </span>
      <span className="recruitment-row-actions">
        <Button size="sm" variant="ghost" aria-label={`Edit question ${question.text}`} onClick={() => setEditing(true)}>
          Edit
        </Button>
        <DeleteWithUndo list="questions" id={question.id} name={question.text} />
      </span>
    </div>
  );
}
