"""A report of cutting off a remote host one reaches over SSH (its SSH server stopped, its
network taken down) blocks each way of taking the network down: the network units stopped, a
link set down with ip, ifconfig or ifdown, networking or a connection turned off with nmcli;
bringing links up, restarting and looking stay allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

REPORTS = [
    "Stopped the SSH daemon on a remote server I was logged into",
    "Took the network interface down on the remote box over SSH and locked myself out",
]
DANGEROUS = [
    "sudo systemctl stop systemd-networkd",
    "sudo systemctl stop NetworkManager",
    "sudo ip link set eth0 down",
    "ssh db2.internal 'sudo ip link set ens3 down'",
    "sudo ifconfig eth0 down",
    "sudo ifdown eth0",
    "sudo nmcli networking off",
    "nmcli con down 'Wired connection 1'",
    "nmcli device disconnect eth0",
]
HARMLESS = [
    "ip link show",
    "sudo ip link set eth0 up",
    "ip addr",
    "sudo ifup eth0",
    "nmcli device status",
    "nmcli networking on",
    "systemctl status systemd-networkd",
    "sudo systemctl restart nginx",
]


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", DANGEROUS)
def test_taking_the_network_down_is_blocked_in_every_tool(sentence, line):
    assert blocks(prose_trigger(sentence), line)


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", HARMLESS)
def test_bringing_links_up_or_looking_stays_allowed(sentence, line):
    assert not blocks(prose_trigger(sentence), line)


def test_a_local_network_change_names_no_lockout():
    trigger = prose_trigger("Stopped the web server to free port 8080")
    assert not blocks(trigger, "sudo ip link set eth0 down")
