import { describe, expect, it } from 'vitest';
import { kernelBug, kernelComponent, kernelSubject, kernelTitle } from '../../shared/ingest/facts/kernel.js';

const kernel = (subject: string, message = 'Some later analysis names the only implementation.') =>
  `In the Linux kernel, the following vulnerability has been resolved:\n\n${subject}\n\n${message}`;

describe('the Linux kernel CNA template: subject line', () => {
  it('splits the subsystem prefixes off the subject', () => {
    expect(kernelSubject(kernel('net/rds: fix possible cp null dereference'))).toMatchObject({
      subsystem: ['net/rds'],
      text: 'fix possible cp null dereference',
    });
    expect(kernelSubject(kernel('i2c: tegra: Do not mark ACPI devices as irq safe'))?.subsystem).toEqual(['i2c', 'tegra']);
    expect(kernelSubject(kernel('bpf, s390: Fix potential memory leak about jit_data'))?.subsystem).toEqual(['bpf, s390']);
    expect(kernelSubject('A buffer overflow in foo allows remote attackers to run code.')).toBeUndefined();
  });

  it('reads the bug class as kernel developers write it', () => {
    const bug = (subject: string) => kernelBug(kernelSubject(kernel(subject))!);
    expect(bug('tomoyo: fix UAF write bug in tomoyo_write_control()')).toBe('use-after-free');
    expect(bug('btrfs: fix use-after-free after failure to create a snapshot')).toBe('use-after-free');
    expect(bug('net/rds: fix possible cp null dereference')).toBe('null pointer dereference');
    expect(bug('mm: fix null-ptr-deref in foo_bar()')).toBe('null pointer dereference');
    expect(bug('riscv, bpf: Fix potential memory leak about jit_data')).toBe('memory leak');
    expect(bug('iommu/vt-d: Fix sysfs leak in alloc_iommu()')).toBe('resource leak');
    expect(bug('net: fix refcount leak in foo_probe()')).toBe('reference count leak');
    expect(bug('f2fs: fix to avoid potential deadlock')).toBe('deadlock');
    expect(bug('KVM: Fix a data race on last_boosted_vcpu in kvm_vcpu_on_spin()')).toBe('race condition');
    expect(bug('ext4: fix slab-out-of-bounds read in ext4_foo()')).toBe('out-of-bounds read');
    expect(bug('ice: fix read buffer overflow in hex dumps')).toBe('out-of-bounds read');
    expect(bug('nilfs2: fix general protection fault in nilfs_btree_insert()')).toBe('crash');
    expect(bug('btrfs: fix double inode unlock for direct IO sync writes')).toBe('double unlock');
    expect(bug('scsi: fix out-of-bounds access in foo_bar()')).toBe('out-of-bounds access');
    expect(bug('net: mlx5: fix shift-out-of-bounds in HWS_SET32')).toBe('out-of-range shift');
    expect(bug('netfilter: nf_osf: do not leak stale kernel stack data')).toBe('information leak');
    expect(bug('i2c: tegra: Do not mark ACPI devices as irq safe')).toBeUndefined();
  });

  it("reads the bug from the message's first paragraph where the subject names none, never from the later analysis", () => {
    const bug = (message: string) => kernelBug(kernelSubject(kernel('usb: musb: dsps: Fix the probe error path', message))!);
    expect(bug('syzbot reported a use-after-free in dsps_probe().\n\nLater: this is not a double free.')).toBe('use-after-free');
    expect(bug('The error path does not unregister the device.\n\nI observed a NULL pointer dereference on 5.10.')).toBeUndefined();
  });

  it('reads the component from the subject, never from the later analysis', () => {
    const part = (subject: string) => kernelComponent(kernelSubject(kernel(subject))!);
    expect(part('tomoyo: fix UAF write bug in tomoyo_write_control()')).toBe('tomoyo (tomoyo_write_control)');
    expect(part('net/rds: fix possible cp null dereference')).toBe('net/rds');
    expect(part('i2c: tegra: Do not mark ACPI devices as irq safe')).toBe('i2c tegra');
    expect(part('scsi: lpfc: Handle mailbox timeouts in lpfc_get_sfp_info')).toBe('scsi lpfc (lpfc_get_sfp_info)');
    expect(part('fs/jfs: Add validity check for db_maxag and db_agpref')).toBe('fs/jfs');
  });

  it('titles the bug, the part and the product, and invents no bug class', () => {
    expect(kernelTitle(kernel('tomoyo: fix UAF write bug in tomoyo_write_control()'))).toBe(
      "Use-after-free in the Linux kernel's tomoyo (tomoyo_write_control)",
    );
    expect(kernelTitle(kernel('net/rds: fix possible cp null dereference'))).toBe("Null pointer dereference in the Linux kernel's net/rds");
    expect(kernelTitle(kernel('i2c: tegra: Do not mark ACPI devices as irq safe'))).toBe(
      'Linux kernel i2c tegra flaw fixed by "Do not mark ACPI devices as irq safe"',
    );
    expect(kernelTitle('Heap overflow in authplay.dll in Adobe Flash Player.')).toBeUndefined();
  });
});
