import { ICON_MAX_BYTES } from '@skyvault/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ButtonImageField } from './ButtonImageField';

const ICON_ID = '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';

/** The field with the form's value kept in state, shown so a test can read it. */
function Harness({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <ButtonImageField value={value} onChange={setValue} />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Button image file'), { target: { files: [file] } });
const uploads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === '/api/v1/icons/upload');

describe('ButtonImageField', () => {
  it('offers SVG files only', () => {
    stubFetch({});
    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('Button image file')).toHaveAttribute('accept', '.svg,image/svg+xml');
    expect(screen.getByText('No image')).toBeInTheDocument();
  });

  it('refuses a file that is not SVG without uploading it', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<Harness />);
    choose(new File(['PNG'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Button image must be an SVG file')).toBeInTheDocument();
    // An .svg name with another type is refused too.
    choose(new File(['PNG'], 'logo.svg', { type: 'image/png' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText('Button image must be an SVG file')).toBeInTheDocument();
    expect(uploads(fetchMock)).toHaveLength(0);
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });

  it('refuses a file above the size cap', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<Harness />);
    choose(new File(['x'.repeat(ICON_MAX_BYTES + 1)], 'big.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('Button image should be at most 256 KB')).toBeInTheDocument();
    expect(uploads(fetchMock)).toHaveLength(0);
  });

  it('uploads an SVG as multipart after a short pause and previews it from the icon address', async () => {
    const fetchMock = stubFetch({ 'POST /api/v1/icons/upload': { status: 201, body: { id: ICON_ID } } });
    renderWithProviders(<Harness />);
    choose(new File([SVG], 'okta.svg', { type: 'image/svg+xml' }));
    // SPEC.md §9: the file input waits 200 ms.
    expect(uploads(fetchMock)).toHaveLength(0);

    const preview = await screen.findByRole('img', { name: 'Button image preview' });
    expect(preview).toHaveAttribute('src', `/api/v1/icons/${ICON_ID}?v=1`);
    expect(screen.getByText('okta.svg')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent(ICON_ID);

    const [, init] = uploads(fetchMock)[0]!;
    const body = init!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('fileName')).toBe('okta.svg');
    expect(body.get('iconId')).toBeNull();
    expect((body.get('file') as File).name).toBe('okta.svg');
    // The browser sets the multipart boundary itself.
    expect((init!.headers as Headers).get('Content-Type')).toBeNull();
    expect((init!.headers as Headers).get('X-Requested-With')).toBe('skyvault-console');
  });

  it('replaces an image uploaded on this visit in place, and can remove it', async () => {
    const fetchMock = stubFetch({ 'POST /api/v1/icons/upload': { status: 201, body: { id: ICON_ID } } });
    renderWithProviders(<Harness />);
    choose(new File([SVG], 'first.svg', { type: 'image/svg+xml' }));
    await screen.findByText('first.svg');
    choose(new File([SVG], 'second.svg', { type: 'image/svg+xml' }));
    await screen.findByText('second.svg');
    const [, init] = uploads(fetchMock)[1]!;
    expect((init!.body as FormData).get('iconId')).toBe(ICON_ID);
    expect(screen.getByRole('img', { name: 'Button image preview' })).toHaveAttribute(
      'src',
      `/api/v1/icons/${ICON_ID}?v=2`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(screen.queryByRole('img', { name: 'Button image preview' })).not.toBeInTheDocument();
  });

  it("keeps the saved provider's image: a new file makes a new icon", async () => {
    const saved = '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b';
    const fetchMock = stubFetch({
      [`GET /api/v1/icons/info/${saved}`]: { body: { fileName: 'saved.svg' } },
      'POST /api/v1/icons/upload': { status: 201, body: { id: ICON_ID } },
    });
    renderWithProviders(<Harness initial={saved} />);
    expect(await screen.findByText('saved.svg')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Button image preview' })).toHaveAttribute(
      'src',
      `/api/v1/icons/${saved}`,
    );
    choose(new File([SVG], 'new.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent(ICON_ID));
    expect((uploads(fetchMock)[0]![1]!.body as FormData).get('iconId')).toBeNull();
  });

  it("shows the server's refusal next to the field", async () => {
    stubFetch({
      'POST /api/v1/icons/upload': apiError(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        file: 'The image is not a valid SVG',
      }),
    });
    const { handleError } = renderWithProviders(<Harness />);
    choose(new File(['not svg'], 'fake.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('The image is not a valid SVG')).toBeInTheDocument();
    expect(handleError).not.toHaveBeenCalled();
    expect(screen.getByTestId('value')).toHaveTextContent('none');
  });
});
