import type { DocModel } from './document-model';
import { encodePng } from './png';
import { escapeXml as x } from './markup';
import { writeZip } from './zip';

/**
 * Minimal Office Open XML packages written from a document model: a Word document (headings as
 * Heading styles, pictures with or without a description, tables with or without a repeated
 * header row) and a PowerPoint deck (one slide per section, a title placeholder on each).
 * Title and language go where Office keeps them (docProps/core.xml, w:lang, a:rPr lang).
 */
const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  wp: 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  pic: 'http://schemas.openxmlformats.org/drawingml/2006/picture',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  rel: 'http://schemas.openxmlformats.org/package/2006/relationships',
  types: 'http://schemas.openxmlformats.org/package/2006/content-types',
  officeRel: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
};
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function coreXml(model: DocModel): string {
  return `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${
    model.title ? `<dc:title>${x(model.title)}</dc:title>` : ''
  }${model.lang ? `<dc:language>${x(model.lang)}</dc:language>` : ''}<dc:creator>Northfield University</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">2026-09-01T00:00:00Z</dcterms:created></cp:coreProperties>`;
}

function rootRels(main: string): string {
  return `${XML}<Relationships xmlns="${NS.rel}"><Relationship Id="rId1" Type="${NS.officeRel}/officeDocument" Target="${main}"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;
}

const picturePng = (): Buffer => {
  const rgb = new Uint8Array(16 * 10 * 3);
  for (let i = 0; i < 160; i++) rgb.set([40 + (i % 16) * 10, 90, 160 - (i % 10) * 8], i * 3);
  return encodePng(16, 10, rgb);
};

export function writeDocx(model: DocModel): Buffer {
  let pictures = 0;
  const body = model.blocks
    .map((block) => {
      if (block.kind === 'heading') return `<w:p><w:pPr><w:pStyle w:val="Heading${Math.min(block.level, 6)}"/></w:pPr><w:r><w:t xml:space="preserve">${x(block.text)}</w:t></w:r></w:p>`;
      if (block.kind === 'paragraph') return `<w:p><w:r>${block.lowContrast ? '<w:rPr><w:color w:val="BBBBBB"/></w:rPr>' : ''}<w:t xml:space="preserve">${x(block.text)}</w:t></w:r></w:p>`;
      if (block.kind === 'image') {
        pictures++;
        const descr = block.alt === undefined ? '' : ` descr="${x(block.alt)}"`;
        return `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="2743200" cy="1714500"/><wp:docPr id="${pictures}" name="Picture ${pictures}"${descr}/><a:graphic><a:graphicData uri="${NS.pic}"><pic:pic><pic:nvPicPr><pic:cNvPr id="${pictures}" name="figure-${pictures}.png"${descr}/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImage"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2743200" cy="1714500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
      }
      const rows = block.rows
        .map((row, r) => `<w:tr>${block.headerRow && r === 0 ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${row.map((cell) => `<w:tc><w:p><w:r><w:t xml:space="preserve">${x(cell)}</w:t></w:r></w:p></w:tc>`).join('')}</w:tr>`)
        .join('');
      return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr>${rows}</w:tbl><w:p/>`;
    })
    .join('');
  const document = `${XML}<w:document xmlns:w="${NS.w}" xmlns:r="${NS.r}" xmlns:wp="${NS.wp}" xmlns:a="${NS.a}" xmlns:pic="${NS.pic}"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>`;
  const headingStyles = [1, 2, 3, 4, 5, 6].map((n) => `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="${n - 1}"/></w:pPr><w:rPr><w:b/><w:sz w:val="${40 - n * 4}"/></w:rPr></w:style>`).join('');
  const lang = model.lang ? `<w:lang w:val="${x(model.lang)}"/>` : '';
  const styles = `${XML}<w:styles xmlns:w="${NS.w}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/>${lang}</w:rPr></w:rPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>${headingStyles}<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style></w:styles>`;
  const documentRels = `${XML}<Relationships xmlns="${NS.rel}"><Relationship Id="rIdStyles" Type="${NS.officeRel}/styles" Target="styles.xml"/><Relationship Id="rIdImage" Type="${NS.officeRel}/image" Target="media/figure.png"/></Relationships>`;
  const types = `${XML}<Types xmlns="${NS.types}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
  return writeZip([
    { name: '[Content_Types].xml', data: types },
    { name: '_rels/.rels', data: rootRels('word/document.xml') },
    { name: 'docProps/core.xml', data: coreXml(model) },
    { name: 'word/document.xml', data: document },
    { name: 'word/styles.xml', data: styles },
    { name: 'word/_rels/document.xml.rels', data: documentRels },
    { name: 'word/media/figure.png', data: picturePng() },
  ]);
}

/** One slide per top-level section: the heading in the title placeholder, the rest in a text box. */
export function writePptx(model: DocModel): Buffer {
  const slides: { title: string; lines: string[]; picture?: string | null }[] = [];
  for (const block of model.blocks) {
    if (block.kind === 'heading') slides.push({ title: block.text, lines: [] });
    else {
      if (slides.length === 0) slides.push({ title: '', lines: [] });
      const slide = slides[slides.length - 1] as (typeof slides)[number];
      if (block.kind === 'paragraph') slide.lines.push(block.text);
      else if (block.kind === 'image') slide.picture = block.alt ?? null;
      else slide.lines.push(...block.rows.map((r) => r.join(' | ')));
    }
  }
  const lang = model.lang ? ` lang="${x(model.lang)}"` : '';
  const run = (text: string, size: number): string => `<a:p><a:r><a:rPr${lang} sz="${size}"/><a:t>${x(text)}</a:t></a:r></a:p>`;
  const slideXml = slides.map((slide, i) => {
    const picture =
      slide.picture === undefined
        ? ''
        : `<p:pic><p:nvPicPr><p:cNvPr id="4" name="Picture ${i + 1}"${slide.picture === null ? '' : ` descr="${x(slide.picture)}"`}/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rIdImage"/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr><a:xfrm><a:off x="6096000" y="1828800"/><a:ext cx="2743200" cy="1714500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`;
    return `${XML}<p:sld xmlns:p="${NS.p}" xmlns:a="${NS.a}" xmlns:r="${NS.r}"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title ${i + 1}"/><p:cNvSpPr/><p:nvPr><p:ph type="${i === 0 ? 'ctrTitle' : 'title'}"/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="274638"/><a:ext cx="8229600" cy="1143000"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/>${run(slide.title, 4000)}</p:txBody></p:sp><p:sp><p:nvSpPr><p:cNvPr id="3" name="Content ${i + 1}"/><p:cNvSpPr/><p:nvPr><p:ph idx="1"/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="1600200"/><a:ext cx="5486400" cy="4525963"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/>${slide.lines.map((l) => run(l, 2000)).join('') || '<a:p/>'}</p:txBody></p:sp>${picture}</p:spTree></p:cSld></p:sld>`;
  });
  const slideIds = slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rIdSlide${i + 1}"/>`).join('');
  const presentation = `${XML}<p:presentation xmlns:p="${NS.p}" xmlns:a="${NS.a}" xmlns:r="${NS.r}"><p:sldIdLst>${slideIds}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`;
  const presentationRels = `${XML}<Relationships xmlns="${NS.rel}">${slides.map((_, i) => `<Relationship Id="rIdSlide${i + 1}" Type="${NS.officeRel}/slide" Target="slides/slide${i + 1}.xml"/>`).join('')}</Relationships>`;
  const slideRels = `${XML}<Relationships xmlns="${NS.rel}"><Relationship Id="rIdImage" Type="${NS.officeRel}/image" Target="../media/figure.png"/></Relationships>`;
  const types = `${XML}<Types xmlns="${NS.types}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${slides.map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`).join('')}<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
  return writeZip([
    { name: '[Content_Types].xml', data: types },
    { name: '_rels/.rels', data: rootRels('ppt/presentation.xml') },
    { name: 'docProps/core.xml', data: coreXml(model) },
    { name: 'ppt/presentation.xml', data: presentation },
    { name: 'ppt/_rels/presentation.xml.rels', data: presentationRels },
    ...slideXml.flatMap((data, i) => [
      { name: `ppt/slides/slide${i + 1}.xml`, data },
      { name: `ppt/slides/_rels/slide${i + 1}.xml.rels`, data: slideRels },
    ]),
    { name: 'ppt/media/figure.png', data: picturePng() },
  ]);
}
