import { type APIRequestContext, type Page, request as apiContexts } from '@playwright/test';
import { demoSchoolAccount } from '@guildhall/testkit/school-demo';
import { expect, test } from './support/fixtures';
import { phone, saveScreenshot } from './support/screenshots';
import { nextSovietAlert, recordSovietStages, sovietStages } from './support/soviet-screens';

// Issue 16 item 1: a Thai reader (browser locale th-TH) meets every school tool in Thai, at 1280 and
// 390 px, with Buddhist-era dates; the EN / ไทย switch brings back 002's English and is remembered.

test.describe.configure({ mode: 'serial' });

const SIZES = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
  { name: 'phone', use: phone },
] as const;

/** The year shown is the Buddhist era (พ.ศ. = ค.ศ. + 543). */
const buddhistYear = String(new Date().getFullYear() + 543);

async function expectThaiPage(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('button', { name: 'ไทย' })).toHaveAttribute('aria-pressed', 'true');
}

/** Light and dark pictures of the same screen (the Thai glyphs must render in both). */
async function lightAndDark(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await saveScreenshot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const size of SIZES) {
  test.describe(`in Thai on a ${size.name}`, () => {
    test.use({ ...size.use, locale: 'th-TH' });

    test('timetable: log in, read the week with Buddhist-era dates, switch to English and back', async ({ page }) => {
      const junior = demoSchoolAccount('junior');
      // The prerendered page is English (decision 0035); React takes it over in English, then moves to Thai.
      const hydrationErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /hydrat|#418|#425/i.test(message.text())) hydrationErrors.push(message.text());
      });
      await page.goto('/timetable');
      await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeVisible();
      await expectThaiPage(page);
      expect(hydrationErrors).toEqual([]);
      await page.getByLabel('รหัสนักเรียน').fill(junior.studentId);
      await page.getByLabel('รหัสผ่าน').fill(junior.password);
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
      await expect(page.getByTestId('student-id')).toHaveText(junior.studentId);
      for (const name of ['ตารางเรียน', 'จัดการการบ้าน', 'สรุปรายวิชา', 'คาบต่อไปวันนี้', 'คาบที่ผ่านมาวันนี้', 'ทั้งสัปดาห์'])
        await expect(page.getByRole('tab', { name, exact: true })).toBeVisible();
      await expect(page.getByTestId('clock').locator('..')).toContainText(buddhistYear);
      await page.getByRole('tab', { name: 'ทั้งสัปดาห์' }).click();
      await expect(page.getByTestId('week-range')).toContainText(buddhistYear);
      await expect(page.getByRole('button', { name: 'สัปดาห์ถัดไป' })).toBeVisible();
      await expect(page.locator('section.tt-day[aria-label="Monday"] h3')).toContainText('วันจันทร์');
      await lightAndDark(page, `thai-timetable-week-${size.name}`);
      await page.getByRole('tab', { name: 'จัดการการบ้าน' }).click();
      await expect(page.getByText('การบ้านทั้งหมด')).toBeVisible();
      await expect(page.getByRole('button', { name: 'ที่ยังค้างทั้งหมด' })).toBeVisible();
      await lightAndDark(page, `thai-timetable-homework-${size.name}`);

      // The switch: 002's English, remembered over the browser's Thai after a reload.
      await page.getByRole('button', { name: 'EN' }).click();
      await expect(page.getByRole('tab', { name: 'Manage Homework' })).toBeVisible();
      await expect(page.getByText('Total Assignments')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Full Week' })).toBeVisible();
      await page.getByRole('button', { name: 'ไทย' }).click();
      await expect(page.getByRole('tab', { name: 'ทั้งสัปดาห์' })).toBeVisible();
    });

    test('sports hub: a junior reads the sports in Thai; Soviet mode starts in Thai', async ({ page }) => {
      const junior = demoSchoolAccount('junior');
      await page.goto('/sports?timeScale=10');
      await expect(page.getByRole('heading', { level: 1, name: 'คัดตัวนักกีฬา' })).toBeVisible();
      await expectThaiPage(page);
      await page.getByRole('button', { name: /ดูรายชื่อสิทธิ์การสมัคร/ }).click();
      await expect(page.getByRole('dialog', { name: 'สิทธิ์การสมัครตามระดับชั้น' })).toContainText('เฉพาะ ม.ต้น: รหัสนักเรียนที่ขึ้นต้นด้วย 6896');
      await page.keyboard.press('Escape');
      await lightAndDark(page, `thai-sports-login-${size.name}`);
      await page.getByLabel('รหัสนักเรียน').fill(junior.studentId);
      await page.getByLabel('รหัสผ่าน', { exact: true }).fill(junior.password);
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
      await expect(page.getByTestId('info-bar')).toContainText('นักเรียน');
      await expect(page.getByRole('heading', { name: 'สมัครคัดตัว' })).toBeVisible();
      const card = page.getByTestId('sport-card').first();
      await expect(card).toContainText('ที่ว่างคงเหลือ');
      await expect(card.getByRole('button', { name: /^สมัคร/ })).toBeVisible();
      await lightAndDark(page, `thai-sports-dashboard-${size.name}`);
      await page.getByTestId('info-bar').getByRole('button', { name: 'ออกจากระบบ' }).click();

      // At 10x the boot text (400 ms) and the refusal (300 ms) can pass between two polls: the page records them.
      await recordSovietStages(page);
      await page.getByLabel('โหมดโซเวียต ☭').click();
      const soviet = page.getByTestId('soviet');
      await expect(soviet).toHaveAttribute('data-stage', 'login');
      expect((await sovietStages(page))[0]?.text).toContain('กระทรวงคอมพิวเตอร์');
      await expect(soviet).toContainText('เริ่มต้นโดยคลิกที่ชื่อของคุณ');
      await page.getByLabel('รหัสผ่าน').fill('capitalism');
      const alertText = nextSovietAlert(page);
      await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
      expect(await alertText).toBe('รหัสผ่านไม่ถูกต้อง ออกตั๋วไปค่ายกูลักให้เรียบร้อยแล้ว');
      await saveScreenshot(page, `thai-sports-soviet-${size.name}`);
    });

    test('sports lead: the Admin Panel in Thai; the printed list is asked for in Thai', async ({ page }) => {
      const lead = demoSchoolAccount('lead');
      await page.goto('/sports');
      await page.getByLabel('รหัสนักเรียน').fill(lead.studentId);
      await page.getByLabel('รหัสผ่าน', { exact: true }).fill(lead.password);
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'แผงผู้ดูแล' })).toBeVisible();
      await expect(page.getByTestId('info-bar')).toContainText('หัวหน้าฝ่ายกีฬา');
      await expect(page.getByRole('group', { name: 'จำนวนผู้สมัครตามสถานะ' }).or(page.getByLabel('จำนวนผู้สมัครตามสถานะ'))).toContainText(
        'ตัวจริง',
      );
      await lightAndDark(page, `thai-sports-admin-${size.name}`);
      const print = page.waitForRequest((request) => request.url().includes('/sport-registrations.pdf'));
      await page.getByRole('button', { name: 'พิมพ์รายชื่อ' }).click();
      expect(new URL((await print).url()).searchParams.get('lang')).toBe('th');
    });

    // Issue 16 item 1: the server's refusals and 002's load failures read in Thai as well.
    test('timetable: a refused sign-in and a week that cannot load, in Thai', async ({ page }) => {
      const junior = demoSchoolAccount('junior');
      await page.goto('/timetable');
      await expectThaiPage(page);
      // An unknown student ID, so the sign-in throttle of a real account is never touched.
      await page.getByLabel('รหัสนักเรียน').fill('68969999');
      await page.getByLabel('รหัสผ่าน').fill('not-the-password');
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
      const refused = page.locator('[aria-live="polite"]').filter({ hasText: 'รหัสนักเรียนหรือรหัสผ่านไม่ถูกต้อง' });
      await expect(refused).toBeVisible();
      await expect(refused).not.toContainText('Invalid');
      await lightAndDark(page, `thai-timetable-sign-in-refused-${size.name}`);

      await page.getByLabel('รหัสนักเรียน').fill(junior.studentId);
      await page.getByLabel('รหัสผ่าน').fill(junior.password);
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
      await expect(page.getByTestId('student-id')).toHaveText(junior.studentId);
      await page.getByRole('tab', { name: 'ทั้งสัปดาห์' }).click();
      await expect(page.getByTestId('week-range')).toContainText(buddhistYear);
      // The session ends behind the page's back (here: its cookie is gone), so next week's schedule is
      // refused: 002 §8 'Error: Failed to fetch schedule for week {date}.', in Thai with a Buddhist-era date.
      await page.context().clearCookies();
      await page.getByRole('button', { name: 'สัปดาห์ถัดไป' }).click();
      const failure = page.getByRole('alert').filter({ hasText: 'โหลดตารางเรียนของสัปดาห์' });
      await expect(failure).toHaveText(new RegExp(`^เกิดข้อผิดพลาด: โหลดตารางเรียนของสัปดาห์ \\d+ .+ ${buddhistYear} ไม่สำเร็จ$`));
      await lightAndDark(page, `thai-timetable-load-failure-${size.name}`);
    });

    test('sports lead: the over-capacity refusal in Thai, with the sport and its spots', async ({ page, baseURL }) => {
      const lead = demoSchoolAccount('lead');
      const student = demoSchoolAccount('ineligible');
      // Writes name our origin, as the browser's do. One API context per person: a sign-in ends the
      // session whose cookie the context already holds.
      const origin = new URL(baseURL!).origin;
      const contexts: APIRequestContext[] = [];
      const signIn = async (who: { studentId: string; password: string }) => {
        const context = await apiContexts.newContext({ baseURL });
        contexts.push(context);
        const answer = await context.post('/sports/api/login', {
          headers: { origin },
          data: { student_id: who.studentId, password: who.password },
        });
        expect(answer.status()).toBe(200);
        const headers = { origin, authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
        return {
          get: (url: string) => context.get(url, { headers }),
          post: (url: string, data?: object) => context.post(url, { headers, data }),
        };
      };
      const asLead = await signIn(lead);
      const asStudent = await signIn(student);
      // A sport of its own with no Main Player spots at all, so any selection is over capacity.
      const sportName = `แชร์บอล (${size.name})`;
      const created = await asLead.post('/sports/api/admin/sports', {
        name: sportName,
        description: 'ทดสอบ',
        total_spots: 0,
        eligibility_level: 'open',
      });
      expect(created.status()).toBe(201);
      const sportId = ((await created.json()) as { sport_id: number }).sport_id;
      expect((await asLead.post('/sports/api/admin/settings/registration-status', { isRegistrationOpen: true })).ok()).toBe(true);
      // The student may hold a registration from another journey on this server: leave it first.
      const mine = await asStudent.get('/sports/api/my-registration');
      if (mine.ok()) {
        const { registration_id, status } = (await mine.json()) as { registration_id: number; status: string };
        const left =
          status === 'pending_selection'
            ? await asStudent.post('/sports/api/registration/withdraw')
            : await asLead.post('/sports/api/admin/update-registration-status', { registration_id, status: 'not_selected' });
        expect(left.ok()).toBe(true);
      }
      expect((await asStudent.post('/sports/api/register-sport', { sport_id: sportId })).ok()).toBe(true);

      await page.goto('/sports');
      await expectThaiPage(page);
      await page.getByLabel('รหัสนักเรียน').fill(lead.studentId);
      await page.getByLabel('รหัสผ่าน', { exact: true }).fill(lead.password);
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'แผงผู้ดูแล' })).toBeVisible();
      await page.getByRole('combobox', { name: 'กีฬา', exact: true }).selectOption({ label: sportName });
      await page.getByLabel(`สถานะของ ${student.studentId}`).selectOption('selected');
      await page.getByRole('dialog', { name: 'เปลี่ยนสถานะ' }).getByRole('button', { name: 'เปลี่ยนสถานะ' }).click();
      const over = page.getByRole('dialog', { name: 'เกินจำนวนที่รับ' });
      await expect(over).toContainText(`${sportName} รับตัวจริง 0 คน และเลือกไปแล้ว 0 คน การเลือกเพิ่มอีก 1 คนจะเกินจำนวนที่รับ`);
      await expect(over).not.toContainText('Main Player');
      await lightAndDark(page, `thai-sports-over-capacity-${size.name}`);
      await over.getByRole('button', { name: 'ยกเลิก' }).click();
      await expect(page.getByLabel(`สถานะของ ${student.studentId}`)).toHaveValue('reserve');
      // This worker's server runs other journeys next (sports.spec lists every sport a junior sees, and
      // expects this student to hold no active registration): leave neither the sport nor the place.
      const { registration_id } = (await (await asStudent.get('/sports/api/my-registration')).json()) as { registration_id: number };
      const released = await asLead.post('/sports/api/admin/update-registration-status', { registration_id, status: 'not_selected' });
      expect(released.ok()).toBe(true);
      expect((await asLead.post(`/sports/api/admin/sports/${sportId}/archive`, { archived: true })).ok()).toBe(true);
      for (const context of contexts) await context.dispose();
    });

    test('portfolio: power on, log in and read the placeholder in Thai', async ({ page, request }) => {
      const { password } = (await (await request.get('/portfolio/api/config')).json()) as { password: string };
      await page.goto('/portfolio?timeScale=10');
      await expectThaiPage(page);
      await expect(page.getByText('กดปุ่มเปิดเครื่อง')).toBeVisible();
      await page.getByRole('button', { name: 'เปิดเครื่อง' }).click();
      await page.getByLabel('รหัสผ่าน').fill(password);
      await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
      await expect(page.getByText('การพัฒนาเพิ่มเติมกำลังรอการอนุมัติ...')).toBeVisible();
      await saveScreenshot(page, `thai-portfolio-${size.name}`);
      await page.getByRole('button', { name: 'จบการใช้งาน' }).click();
      await expect(page.getByTestId('portfolio')).toHaveAttribute('data-stage', 'off');
    });
  });
}
