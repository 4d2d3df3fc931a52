// SPDX-License-Identifier: GPL-2.0
/// A stand-in for a fact-emitting script, for testsuite/cli/run.sh: the
/// engine's side of the DRVFACT lines (collected from spatch's output and
/// from the result cache, each file in its module, judged, dead #ifdefs
/// left out, lines not understood reported), whatever cocci/ prints.
/// A map stored to a member and an unmap of that member, by constant size;
/// drvcheck_bad_fact() makes a line the reader does not understand.
// Checks: dma-unmap-size
// Judged: dma-unmap-size
// Prefilter: dma_map_single dma_unmap_single drvcheck_bad_fact

virtual drvcheck

@initialize:python@
@@
sites = {}

def site(api, p, size, handle):
    f = p[0].file
    print('DRVFACT\tsite\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t-\t-\t%s\t-\t-\t-\tDMA_TO_DEVICE\t-\t-\t-\t-\t-'
          % (api, api, f, p[0].line, int(p[0].column) + 1, p[0].current_element,
             handle, size))
    sites[f] = sites.get(f, -1) + 1
    return sites[f]

@map depends on drvcheck@
position p;
expression s, dev, buf;
identifier fld;
constant size;
@@
s->fld = dma_map_single@p(dev, buf, size, DMA_TO_DEVICE)

@script:python depends on map@
p << map.p;
fld << map.fld;
size << map.size;
@@
n = site('dma_map_single', p, size, '-')
print('DRVFACT\tsrc\t%s\tfield:?.%s\tsite\t%d' % (p[0].file, fld, n))

@unmap depends on drvcheck@
position p;
expression s, dev;
identifier fld;
constant size;
@@
dma_unmap_single@p(dev, s->fld, size, DMA_TO_DEVICE)

@script:python depends on unmap@
p << unmap.p;
fld << unmap.fld;
size << unmap.size;
@@
site('dma_unmap_single', p, size, 'field:?.' + fld)

@bad depends on drvcheck@
position p;
@@
drvcheck_bad_fact@p(...)

@script:python depends on bad@
p << bad.p;
@@
print('DRVFACT\tsite\tno_such_api\t%s' % p[0].file)
