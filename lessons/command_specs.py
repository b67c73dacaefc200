"""How the programs agents run spell their options: data, read by `lessons.command_tables`.

Written from the programs' own documentation (man pages, `--help`, reference docs). One entry per
program, or per subcommand path ("git push", "docker compose down"); a subcommand inherits its
parents' options. An entry is a list of tokens:

    -f/--force          spellings of one flag; the first `--long` spelling is its canonical name
    -u/--user=          takes a value (`-u root`, `-uroot`, `--user=root`, `--user root`)
    -i/--in-place:      takes a value only when attached (`-i.bak`, `--in-place=.bak`)
    -D>--delete,--force one spelling standing for several flags
    --force-with-lease:+--force   a flag that also implies another
    marks after a flag: ~ changes nothing about the danger (verbosity, a terminal, "yes")
                        ! makes the command harmless (a dry run, help)
                        ^ only widens a danger already there (`git clean -x`)
                        * its value is the danger (`kill --signal`): a generalisation keeps it
    @paths              the arguments are paths
    @subs               the first words are subcommands (`@nest=a,b`: those take a second word)
    @alias=i:install    other spellings of a subcommand
    @cmd=1              after this many arguments comes a command it runs (`docker exec c cmd`)
    @sdl                single-dash words are whole flags (`find -name`, `terraform -destroy`)
    @valuedefault       an unknown `--long` flag followed by a word takes it as its value
    @verbpath           subcommand words run up to a verb (`gcloud compute instances delete`)
    @depth=N            at most N subcommand words (`aws s3 rm`)

Programs not listed are still read: `--long[=value]` and bundles of short flags split into
single letters are flags, other words are arguments.
"""

from __future__ import annotations

# --- fragments shared by several entries ---------------------------------------------------------

_DOCKER_RUN = """
-i/--interactive~ -t/--tty~ -d/--detach~ --rm~ --init~ -q/--quiet~ --privileged
-v/--volume= --mount= -e/--env= --env-file= -p/--publish= -P/--publish-all -u/--user=
-w/--workdir= --name= --network/--net= --network-alias= --entrypoint= -m/--memory=
--memory-swap= --memory-reservation= -h/--hostname= --domainname= -l/--label= --label-file=
--platform= --restart= -a/--attach= -c/--cpu-shares= --cpus= --cpuset-cpus= --cpuset-mems=
--cpu-period= --cpu-quota= --add-host= --device= --device-cgroup-rule= --cap-add= --cap-drop=
--security-opt= --pid= --ipc= --uts= --userns= --cgroupns= --cgroup-parent= --log-driver=
--log-opt= --gpus= --shm-size= --ulimit= --tmpfs= --volumes-from= --volume-driver= --dns=
--dns-search= --dns-option= --expose= --health-cmd= --health-interval= --health-retries=
--health-timeout= --health-start-period= --no-healthcheck --stop-signal= --stop-timeout=
--sysctl= --group-add= --pull= --read-only --oom-kill-disable --oom-score-adj= --cidfile=
--link= --mac-address= --ip= --ip6= --runtime= --isolation= --detach-keys= --sig-proxy:
--pids-limit= --storage-opt= --annotation= --blkio-weight= --device-read-bps=
--device-write-bps= --kernel-memory= --disable-content-trust @cmd=1
"""
_DOCKER_EXEC = """
-i/--interactive~ -t/--tty~ -d/--detach~ -u/--user= -w/--workdir= -e/--env= --env-file=
--privileged --detach-keys= @cmd=1
"""
_PRUNE = "-a/--all -f/--force~ --filter="
_DOCKER_BUILD = """
-t/--tag= -f/--file= --build-arg= --build-context= --target= --platform= --no-cache --pull
-q/--quiet~ --progress=~ --secret= --ssh= --network= --label= -o/--output= --cache-from=
--cache-to= --push --load --iidfile= -m/--memory= --shm-size= --add-host= --ulimit= --squash
--rm~ --force-rm~ --isolation= --cpu-shares= --cgroup-parent= --compress~ --allow= --builder=
--metadata-file= --provenance= --sbom= --attest=
"""

_GREP = """
-e/--regexp= -f/--file= -A/--after-context= -B/--before-context= -C/--context= -m/--max-count=
--include= --exclude= --exclude-dir= --exclude-from= -d/--directories= -D/--devices= --label=
--binary-files= --color: --colour: -r/--recursive -R/--dereference-recursive -i/--ignore-case
-v/--invert-match -l/--files-with-matches -L/--files-without-match -c/--count -o/--only-matching
-q/--quiet/--silent -s/--no-messages -n/--line-number -H/--with-filename -h/--no-filename
-w/--word-regexp -x/--line-regexp -E/--extended-regexp -F/--fixed-strings -G/--basic-regexp
-P/--perl-regexp -a/--text -z/--null-data -Z/--null
"""

_KUBECTL_COMMON = """
-f/--filename= -k/--kustomize= -R/--recursive -l/--selector= --field-selector= -o/--output=
-A/--all-namespaces --all --force --grace-period= --now --wait:~ --timeout= --cascade:
--dry-run:! --ignore-not-found~ -i/--stdin~ -t/--tty~ -c/--container= --server-side --prune
--overwrite --record~ --replicas= --image= --port= --type= --show-labels~ -w/--watch~
--sort-by= --tail= -p/--previous --since= --raw= --subresource= --validate: --save-config~
--field-manager= --force-conflicts --local --template= -L/--label-columns= --chunk-size=
--no-headers~ --ignore-daemonsets --delete-emptydir-data --delete-local-data
--disable-eviction --pod-selector= --to-revision= -e/--env= --from-literal= --from-file=
--from-env-file= --docker-server= --docker-username= --docker-password= --docker-email=
--current-replicas= --resource-version= --patch= --patch-file= -q/--quiet~ --show-kind~
--selector= --limit-bytes= --max-log-requests= --prefix~ --timestamps~ --follow~ --address=
--pod-running-timeout= --context= --namespace=
"""

_HELM_INSTALL = """
-f/--values= --set= --set-string= --set-file= --set-json= --set-literal= --version=
--create-namespace --wait~ --wait-for-jobs~ --timeout= --atomic~ --dry-run:! --force --replace
-g/--generate-name --name-template= --repo= --devel --skip-crds --no-hooks
--disable-openapi-validation --description= --post-renderer= --post-renderer-args= --verify
--insecure-skip-tls-verify --username= --password= --ca-file= --cert-file= --key-file=
--keyring= --render-subchart-notes --dependency-update --take-ownership --enable-dns
--plain-http --pass-credentials --skip-schema-validation --hide-notes --labels=
"""

_TERRAGRUNT_RUN_ALL = (
    "--terragrunt-non-interactive:+--auto-approve --non-interactive:+--auto-approve --all"
)
_TERRAFORM_APPLY = """
-auto-approve/--auto-approve -destroy/--destroy -target/--target= -replace/--replace=
-var/--var= -var-file/--var-file= -lock/--lock: -lock-timeout/--lock-timeout= -input/--input:
-refresh/--refresh: -refresh-only/--refresh-only -parallelism/--parallelism= -state/--state=
-state-out/--state-out= -backup/--backup= -no-color/--no-color~ -compact-warnings~ -json~
-out/--out= -detailed-exitcode~
"""

_PSQL = """
-c/--command= -f/--file= -h/--host= -p/--port= -U/--username= -d/--dbname= -W/--password~
-w/--no-password~ -X/--no-psqlrc~ -q/--quiet~ -v/--set/--variable= -1/--single-transaction
-A/--no-align~ -t/--tuples-only~ -o/--output= -L/--log-file= -P/--pset= -F/--field-separator=
-R/--record-separator= -x/--expanded~ -e/--echo-queries~ -a/--echo-all~ -E/--echo-hidden~
-b/--echo-errors~ -n/--no-readline~ -s/--single-step -S/--single-line -H/--html~
-T/--table-attr= -l/--list -V/--version! -?/--help! --csv~
"""
_MYSQL = """
-e/--execute= -h/--host= -P/--port= -u/--user= -p/--password: -D/--database= -B/--batch~
-N/--skip-column-names~ -s/--silent~ -v/--verbose~ -t/--table~ -E/--vertical~ -f/--force
--protocol= -S/--socket= --ssl-mode= --default-character-set= -A/--no-auto-rehash~
--login-path= --defaults-file= --defaults-extra-file= -r/--raw~ -X/--xml~ -H/--html~
--init-command= -U/--safe-updates/--i-am-a-dummy --skip-ssl --ssl: -V/--version! -?/--help!
--connect-timeout= --max-allowed-packet= --local-infile:
"""
_PG_CONN = "-h/--host= -p/--port= -U/--username= -w/--no-password~ -W/--password~"
_SSH = """
-o= -i= -p= -l= -F= -J= -L= -R= -D= -b= -c= -E= -e= -m= -O= -Q= -S= -W= -w= -B= -I=
-q/--quiet~ -v/--verbose~ -t~ -T~ -n~ -N -f -A/--forward-agent -a/--no-forward-agent
-X/--forward-x11 -x/--no-forward-x11 -Y -C~ -4~ -6~ -g -K -k -M -s -V!
-G!
"""
_SCP = """
-o= -i= -P= -F= -J= -l= -c= -S= -D= -X= -r/--recursive -p -q/--quiet~ -v/--verbose~ -C~ -B~
-3 -4~ -6~ -O -T -A -R
"""
_RSYNC = """
-a/--archive -r/--recursive -v/--verbose~ -z/--compress~ -n/--dry-run! --list-only!
--delete/--delete-before/--delete-after/--delete-during/--delete-delay
--delete-excluded+--delete --delete-missing-args --remove-source-files --force -e/--rsh=
--rsync-path= --exclude= --include= --exclude-from= --include-from= --files-from= -f/--filter=
-P>--partial,--progress -h/--human-readable~ --progress~ --partial~ --info=~ --stats~
-i/--itemize-changes~ -u/--update -c/--checksum -l/--links -L/--copy-links -p/--perms
-t/--times -g/--group -o/--owner -D -H/--hard-links -A/--acls -X/--xattrs
-x/--one-file-system --bwlimit= --chmod= --chown= --usermap= --groupmap= --inplace
-b/--backup --backup-dir= --suffix= -R/--relative --ignore-existing --existing
--max-delete= -q/--quiet~ -4~ -6~ --port= --password-file= --log-file= --timeout=
--contimeout= -0/--from0 -T/--temp-dir= --link-dest= --compare-dest= --copy-dest=
--min-size= --max-size= -S/--sparse --numeric-ids --no-perms --no-owner --no-group
--ignore-errors @paths
"""

_CURL = """
-s/--silent~ -S/--show-error~ -L/--location~ -f/--fail~ --fail-with-body~ -o/--output=
-O/--remote-name~ -J/--remote-header-name~ -X/--request= -H/--header= -d/--data/--data-ascii=
--data-raw= --data-binary= --data-urlencode= --json= -u/--user= -F/--form= --form-string=
-A/--user-agent= -m/--max-time= --connect-timeout= --retry= --retry-delay=
--retry-max-time= -k/--insecure --proxy-insecure --cacert= --capath= -E/--cert= --key=
--cert-type= --key-type= --pass= -K/--config= -b/--cookie= -c/--cookie-jar= -e/--referer=
-T/--upload-file= -G/--get -x/--proxy= -U/--proxy-user= -w/--write-out= -D/--dump-header=
-r/--range= -C/--continue-at= -Z/--parallel -#/--progress-bar~ -N/--no-buffer~
--compressed~ -i/--include~ -I/--head --url= -n/--netrc --netrc-file= --netrc-optional
-4/--ipv4~ -6/--ipv6~ --http1.1~ --http2~ --http3~ --tlsv1~ --tlsv1.2~ --tlsv1.3~
--ssl-no-revoke --pinnedpubkey= --resolve= --connect-to= --create-dirs --interface=
--limit-rate= --oauth2-bearer= -y/--speed-time= -Y/--speed-limit= -z/--time-cond=
--noproxy= -Q/--quote= --unix-socket= --abstract-unix-socket= -l/--list-only
-P/--ftp-port= -a/--append -j/--junk-session-cookies -q/--disable -R/--remote-time
-B/--use-ascii --tr-encoding --output-dir= --max-filesize= --max-redirs= --aws-sigv4=
--doh-url= --happy-eyeballs-timeout-ms= --expect100-timeout= -M/--manual! -V/--version!
-h/--help! --verbose~ -v/--verbose~ --trace= --trace-ascii= --stderr= --ssl-reqd --ssl
-g/--globoff~ --no-progress-meter~ --fail-early~ --retry-all-errors~ --retry-connrefused~
--path-as-is~ --url-query= --variable= --request-target= --keepalive-time=
--no-keepalive~ --tcp-nodelay~ --etag-save= --etag-compare= --proto= --proto-redir=
--proto-default= --digest --basic --anyauth --ntlm --negotiate --location-trusted
--remote-name-all~ --styled-output~ --no-styled-output~ --show-headers~ -0/--http1.0~
"""
# wget is read as curl after its own spellings are read: these are wget's.
_WGET = """
-q/--quiet~ -O/--output-document= -nv/--no-verbose~ -P/--directory-prefix= -c/--continue
-r/--recursive -l/--level= -np/--no-parent -N/--timestamping -U/--user-agent= --header=
--post-data= --post-file= --body-data= --body-file= --method= --user= --password=
--http-user= --http-password= -t/--tries= -T/--timeout= -i/--input-file=
-o/--output-file= -a/--append-output= -b/--background -e/--execute= --ca-certificate=
--ca-directory= --certificate= --private-key= -S/--server-response~ --spider!
-m/--mirror -k/--convert-links -p/--page-requisites -nc/--no-clobber -x/--force-directories
-nd/--no-directories -nH/--no-host-directories -A/--accept= -R/--reject= -D/--domains=
--limit-rate= -w/--wait= -4~ -6~ --progress=~ --show-progress~ --insecure/--no-check-certificate
--https-only -V/--version! -h/--help! -v/--verbose~ --content-disposition
"""

_PIP_GLOBAL = """
-v/--verbose~ -q/--quiet~ --isolated --python= --require-virtualenv --log= --proxy=
--retries= --timeout= --exists-action= --trusted-host= --cert= --client-cert= --cache-dir=
--no-cache-dir~ --disable-pip-version-check~ --no-color~ --no-input~ --keyring-provider=
--use-feature= --use-deprecated= --root-user-action= --break-system-packages -h/--help!
-V/--version! @subs @nest=cache,config
"""
_PIP_INSTALL = """
-r/--requirement= -c/--constraint= -e/--editable= -U/--upgrade --upgrade-strategy=
--force-reinstall -I/--ignore-installed --ignore-requires-python --no-deps --pre
-t/--target= --platform= --python-version= --implementation= --abi= --user --root=
--prefix= --src= -i/--index-url= --extra-index-url= --no-index -f/--find-links=
--no-build-isolation --no-binary= --only-binary= --prefer-binary --require-hashes
--progress-bar=~ --no-warn-script-location~ --no-compile --dry-run! --report=
-C/--config-settings= --global-option= --no-clean -y/--yes~ --system --reinstall
--index-strategy= --allow-insecure-host=
"""

_NPM_GLOBAL = """
-g/--global -C/--prefix= -w/--workspace= -ws/--workspaces --registry= --loglevel=~
-s/--silent~ -q/--quiet~ -d~ --userconfig= --cache= -y/--yes~ --no-audit~ --no-fund~
--no-progress~ -f/--force --legacy-peer-deps --strict-peer-deps --strict-ssl:
--ignore-scripts --unsafe-perm --dry-run! --json~ --omit= --include= --production
-S/--save~ -D/--save-dev/--dev -O/--save-optional -E/--save-exact -B/--save-bundle
--no-save --tag= --access= --otp= --ca= --cafile= --before= --location= --foreground-scripts
--install-strategy= --global-style --no-package-lock --package-lock-only -h/--help!
-v/--version! --frozen-lockfile --immutable --offline --prefer-offline --cwd= --filter=
-r/--recursive
@subs @nest=audit,cache,config,global,team,access,owner,dist-tag,profile,token,pkg,hook
@alias=i:install,in:install,ins:install,inst:install,insta:install,instal:install,isnt:install,isnta:install,isntal:install,isntall:install,add:install,un:uninstall,unlink:uninstall,remove:uninstall,rm:uninstall,r:uninstall,clean-install:ci,ic:ci,install-clean:ci,isntall-clean:ci,up:update,upgrade:update,udpate:update,run-script:run,rum:run,urn:run,t:test,tst:test,x:exec,dlx:exec,c:config,ln:link,ddp:dedupe,list:ls,la:ls,ll:ls,v:view,info:view,show:view,innit:init,create:init,adduser:login,add-user:login,rb:rebuild,s:search,se:search,find:search,why:explain,hlep:help
"""

_APT = """
-y/--yes/--assume-yes~ -q/--quiet~ -s/--simulate/--just-print/--dry-run/--recon/--no-act!
-f/--fix-broken --no-install-recommends~ --install-recommends --no-install-suggests~
--allow-unauthenticated --allow-downgrades --allow-remove-essential
--allow-change-held-packages --force-yes --reinstall --purge --auto-remove/--autoremove
-o/--option= -c/--config-file= -t/--target-release/--default-release= -d/--download-only
-m/--ignore-missing/--fix-missing --no-download -u/--show-upgraded~ -V/--verbose-versions~
-a/--host-architecture= --only-upgrade --no-upgrade --no-remove --trivial-only
--print-uris! -h/--help! -v/--version! --allow-insecure-repositories
@subs @nest=mark
@alias=auto-remove:autoremove,dist-upgrade:full-upgrade,erase:remove,rm:remove,del:remove,uninstall:remove
"""
_DNF = """
-y/--assumeyes~ -q/--quiet~ -v/--verbose~ --nogpgcheck --no-gpg-checks --disablerepo=
--enablerepo= --repo/--repoid= --setopt= -x/--exclude= --skip-broken --allowerasing --best
--nobest --refresh -C/--cacheonly --downloadonly --assumeno! --installroot= --releasever=
--noautoremove -c/--config= --security --bugfix --nodeps -h/--help! --version!
@subs @nest=history,group,module,config-manager
@alias=erase:remove,rm:remove,update:upgrade,up:upgrade,in:install,reinstall:reinstall
"""

_KILL = """
-s/--signal=* -n/--signal= -l/--list! -L/--table! -q/--queue= --timeout=
-f/--full -x/--exact -u/--euid/--user= -U/--uid= -g/--pgroup= -G/--group= -P/--parent=
-t/--terminal= --newest -o/--oldest -e/--echo~ -c/--count -i/--ignore-case --ns= --nslist=
-F/--pidfile= -r/--runstates/--regexp -A/--ignore-ancestors -w/--wait~ -y/--younger-than=
--older-than= -I/--ignore-case -Z/--context= -v/--verbose~ -V/--version!
"""

_MKFS = """
-t/--type= -F/--force -f/--force -L/--label= -b/--block-size= -m= -O= -E= -i= -I= -N= -U=
-T= -j -c -q/--quiet~ -v/--verbose~ -V/--version! -n/--dry-run! -S
"""

_GIT_LOG = """
-n/--max-count= -S= -G= --author= --committer= --grep= --since/--after= --until/--before=
--format/--pretty: --oneline~ --graph~ --stat~ -p/--patch~ --all --decorate~ --skip=
--date= -L=
"""

SPECS: dict[str, str] = {
    # --- git ------------------------------------------------------------------------------
    "git": """
        -C= -c= --git-dir= --work-tree= --namespace= --exec-path: -p/--paginate~
        -P/--no-pager~ --bare --no-replace-objects --literal-pathspecs -h/--help!
        -v/--version! @subs
        @nest=stash,remote,worktree,submodule,lfs,notes,bisect,sparse-checkout,reflog,maintenance
        @alias=stage:add
    """,
    "git push": """
        -f/--force --force-with-lease:+--force --force-if-includes -n/--dry-run! -d/--delete
        --mirror+--force --all --tags --prune -u/--set-upstream~ -o/--push-option= --repo=
        --receive-pack= --exec= --no-verify --verify -q/--quiet~ -v/--verbose~ --atomic
        --follow-tags --signed: --porcelain~ -4~ -6~ --recurse-submodules= --progress~
    """,
    "git commit": """
        -a/--all -m/--message= -F/--file= -n/--no-verify --verify --amend --no-edit
        -C/--reuse-message= -c/--reedit-message= --fixup= --squash= --author= --date=
        -S/--gpg-sign: --no-gpg-sign -s/--signoff -e/--edit -q/--quiet~ -v/--verbose~
        --allow-empty --allow-empty-message -t/--template= --cleanup= -u/--untracked-files:
        --dry-run! -p/--patch -o/--only -i/--include --reset-author --no-post-rewrite
        --pathspec-from-file= -z/--null --status~ --no-status~
    """,
    "git reset": """
        --hard --soft --mixed --merge --keep -q/--quiet~ -p/--patch --recurse-submodules
        -N/--intent-to-add --pathspec-from-file= --no-refresh~
    """,
    "git clean": """
        -f/--force -d^ -x^ -X^ -n/--dry-run! -i/--interactive~ -q/--quiet~ -e/--exclude=
    """,
    "git checkout": """
        -f/--force -b= -B= --orphan= -t/--track: --no-track --ours --theirs -p/--patch
        -q/--quiet~ --detach -m/--merge --conflict= --overwrite-ignore --recurse-submodules
        --pathspec-from-file= --progress~
    """,
    "git switch": """
        -c/--create= -C/--force-create= -f/--force/--discard-changes --detach --orphan=
        -t/--track: --no-track -m/--merge -q/--quiet~ --guess --no-guess
    """,
    "git restore": """
        -s/--source= -S/--staged! -W/--worktree -p/--patch --ours --theirs -q/--quiet~
        -m/--merge --conflict= --ignore-unmerged --overlay --no-overlay
        --pathspec-from-file= @paths
    """,
    "git branch": """
        -d/--delete -D>--delete,--force -f/--force -m/--move -M>--move,--force -c/--copy
        -C>--copy,--force -r/--remotes -a/--all -l/--list -u/--set-upstream-to=
        --unset-upstream -t/--track: --no-track -v/--verbose~ -q/--quiet~ --merged:
        --no-merged: --contains: --no-contains: --sort= --format= --show-current
        --points-at= --column: --edit-description
    """,
    "git rebase": """
        -i/--interactive --onto= --root --autosquash --no-autosquash --continue --abort
        --skip --quit -x/--exec= -s/--strategy= -X/--strategy-option= --no-verify --verify
        -f/--force-rebase --no-ff --autostash --no-autostash -q/--quiet~ -v/--verbose~
        --update-refs --keep-empty --empty= -r/--rebase-merges: --committer-date-is-author-date
        -S/--gpg-sign: --signoff --edit-todo --show-current-patch
    """,
    "git merge": """
        --no-ff --ff --ff-only --squash --no-squash -m/--message= -F/--file= -s/--strategy=
        -X/--strategy-option= --abort --continue --quit --no-verify --verify
        --allow-unrelated-histories -q/--quiet~ -v/--verbose~ --no-commit --commit -e/--edit
        --no-edit --autostash -S/--gpg-sign: --signoff --stat~ -n/--no-stat~
    """,
    "git stash": "-u/--include-untracked -a/--all -k/--keep-index -m/--message= -q/--quiet~ "
    "-p/--patch -S/--staged --index",
    "git rm": "-r -f/--force -n/--dry-run! --cached -q/--quiet~ --ignore-unmatch "
    "--pathspec-from-file= @paths",
    "git add": "-A/--all --no-all -f/--force -u/--update -n/--dry-run! -p/--patch "
    "-N/--intent-to-add -v/--verbose~ --chmod= -e/--edit -i/--interactive "
    "--ignore-errors --ignore-missing --renormalize --pathspec-from-file= @paths",
    "git tag": "-d/--delete -f/--force -a/--annotate -s/--sign -m/--message= -F/--file= "
    "-l/--list -u/--local-user= -n: -v/--verify --contains: --sort= --points-at= --format=",
    "git filter-branch": "-f/--force --index-filter= --tree-filter= --msg-filter= "
    "--env-filter= --prune-empty --subdirectory-filter= --tag-name-filter= "
    "--commit-filter= --parent-filter= -d= --original=",
    # the paths it selects, however they are written (git-filter-repo(1): --path, --path-glob,
    # --path-regex, --path-match)
    "git filter-repo": "--force --path/--path-glob/--path-regex/--path-match= --invert-paths "
    "--replace-text= --strip-blobs-bigger-than= --strip-blobs-with-ids= --path-rename= "
    "--dry-run! --analyze! --refs= --subdirectory-filter= --to-subdirectory-filter=",
    "git gc": "--prune: --aggressive --auto -q/--quiet~ --no-prune --keep-largest-pack --force",
    "git prune": "--expire= -n/--dry-run! -v/--verbose~ --progress~",
    "git reflog": "--expire= --expire-unreachable= --all --stale-fix --updateref --rewrite "
    "-n/--dry-run! --verbose~",
    "git remote": "-v/--verbose~ -f -t= -m= --push --add --delete --mirror: --tags --no-tags "
    "--dry-run! @alias=rm:remove",
    "git fetch": "-f/--force -p/--prune -P/--prune-tags --all -t/--tags -n/--no-tags --depth= "
    "--deepen= --shallow-since= --unshallow -q/--quiet~ -v/--verbose~ --dry-run! "
    "-j/--jobs= --multiple --recurse-submodules: --refetch --update-head-ok -u",
    "git pull": "-r/--rebase: --no-rebase --ff-only --ff --no-ff -f/--force --autostash "
    "--no-autostash -q/--quiet~ -v/--verbose~ --all --tags --depth= --dry-run! "
    "-s/--strategy= -X/--strategy-option= --no-verify --verify --squash --no-commit "
    "--allow-unrelated-histories -p/--prune",
    "git clone": "--depth= -b/--branch= --recursive/--recurse-submodules: --bare --mirror "
    "-o/--origin= --single-branch --no-single-branch -c/--config= --reference= --filter= "
    "-j/--jobs= -q/--quiet~ -v/--verbose~ --separate-git-dir= -u/--upload-pack= "
    "--shallow-since= --no-checkout/-n --template= --sparse --no-tags -l/--local "
    "--no-hardlinks -s/--shared",
    "git config": "--global~ --system~ --local~ --worktree~ -f/--file= --blob= --unset "
    "--unset-all --add --get --get-all --get-regexp --replace-all --remove-section "
    "--rename-section -l/--list --bool --int --bool-or-int --path --type= -e/--edit "
    "--show-origin --show-scope --name-only -z/--null --default= --includes --no-includes",
    "git worktree": "-f/--force -b= -B= --detach --lock --reason= -n/--dry-run! --expire= "
    "--checkout --no-checkout --orphan --porcelain~ -v/--verbose~ -q/--quiet~",
    "git submodule": "-f/--force --init --recursive --remote --all -q/--quiet~ --depth= "
    "-b/--branch= --name= --reference= --checkout --merge --rebase --no-fetch -N",
    "git lfs": "--all --everything --include= --exclude= -d/--dry-run! --force --verify-remote "
    "--recent --above= --fixup --no-rewrite -I/--include= -X/--exclude=",
    "git cherry-pick": "-n/--no-commit -m/--mainline= --abort --continue --skip --quit -x "
    "-e/--edit -s/--signoff --ff --allow-empty --keep-redundant-commits -S/--gpg-sign: "
    "--strategy= -X/--strategy-option=",
    "git revert": "-n/--no-commit -m/--mainline= --abort --continue --skip --quit -e/--edit "
    "--no-edit -s/--signoff -S/--gpg-sign: --strategy= -X/--strategy-option=",
    "git update-ref": "-d -m= --no-deref --stdin -z --create-reflog",
    "git apply": "--check! --stat! --numstat! --summary! --reject --3way/-3 -R/--reverse "
    "--index --cached -p= --exclude= --include= --whitespace= -v/--verbose~ "
    "--unsafe-paths --directory=",
    "git am": "--abort --continue/-r --skip --quit -3/--3way -s/--signoff --no-verify "
    "-k/--keep -S/--gpg-sign: --committer-date-is-author-date",
    "git log": _GIT_LOG,
    "git show": _GIT_LOG,
    "git diff": "--cached/--staged --stat~ --name-only~ --name-status~ -U/--unified= "
    "--check! --word-diff: -w/--ignore-all-space --no-index --output=",
    "git status": "-s/--short~ -b/--branch~ --porcelain:~ -u/--untracked-files: --ignored: "
    "-v/--verbose~",
    "git stash drop": "-q/--quiet~",
    "git sparse-checkout": "--cone --no-cone --sparse-index --no-sparse-index --stdin",
    "git bisect": "--term-old= --term-new= --first-parent --no-checkout",
    "gh": """
        -R/--repo= --hostname= -h/--help! --version! @subs
        @nest=repo,pr,release,secret,workflow,issue,run,auth,gist,label,ruleset,cache,variable,ssh-key,gpg-key,extension,codespace,project,api,org,attestation,alias,config
    """,
    "gh repo": "--yes~ -y/--confirm~ --visibility= --public --private --internal "
    "--accept-visibility-change-consequences --description= --homepage= --add-topic= "
    "--remove-topic= --default-branch= --enable-issues: --enable-wiki: "
    "--delete-branch-on-merge: --template= -c/--clone --source= --remote= --push "
    "--disable-issues --disable-wiki --org= --fork-name= --default-branch-only",
    "gh pr": "--admin -d/--delete-branch -s/--squash -m/--merge -r/--rebase --auto "
    "--disable-auto -b/--body= -t/--title= -B/--base= -H/--head= -f/--fill --draft "
    "--subject= --match-head-commit= -a/--assignee= -l/--label= -r/--reviewer= "
    "-w/--web~ -c/--comment= --approve --request-changes --json= -q/--jq= "
    "-A/--author= -S/--search= --state=",
    "gh release": "-y/--yes~ --cleanup-tag -n/--notes= -F/--notes-file= -t/--title= "
    "--target= --draft --prerelease --latest: --generate-notes --verify-tag "
    "-p/--pattern= -D/--dir= --clobber -O/--output=",
    "gh secret": "-b/--body= -e/--env= -o/--org= -u/--user -v/--visibility= "
    "-r/--repos= -a/--app= -f/--env-file= --no-store @alias=remove:delete",
    "gh variable": "-b/--body= -e/--env= -o/--org= -v/--visibility= -r/--repos= -f/--env-file= "
    "@alias=remove:delete",
    "gh workflow": "-r/--ref= -f/--raw-field= -F/--field= --json",
    "gh run": "-b/--branch= -w/--workflow= -u/--user= -L/--limit= --json= -j/--job= "
    "--failed --debug -e/--event= -s/--status=",
    "gh api": "-X/--method= -f/--raw-field= -F/--field= -H/--header= --input= "
    "-i/--include~ --paginate~ --slurp~ -q/--jq= -t/--template= --cache= "
    "-p/--preview= --hostname= --silent~ --verbose~",
    "gh auth": "-h/--hostname= -s/--scopes= -w/--web~ --with-token -p/--git-protocol= "
    "--insecure-storage -u/--user= -c/--clipboard --show-token",
    "gh gist": "-p/--public -d/--desc= -f/--filename= -w/--web~ -y/--yes~",
    "gh cache": "-a/--all -k/--key= -r/--ref=",
    "gh issue": "-t/--title= -b/--body= -F/--body-file= -a/--assignee= -l/--label= "
    "-m/--milestone= -p/--project= -y/--yes~ -c/--comment= -r/--reason= --json= "
    "-s/--state= -L/--limit= -A/--author= -S/--search=",
    "gh ssh-key": "-t/--title= --type= -y/--yes~",
    # --- files and directories ---------------------------------------------------------------
    "rm": "-r/-R/--recursive -f/--force^ -i/--interactive~ -I~ -v/--verbose~ -d/--dir "
    "--one-file-system~ --preserve-root~ --no-preserve-root @paths",
    "rmdir": "-p/--parents --ignore-fail-on-non-empty~ -v/--verbose~ @paths",
    "unlink": "@paths",
    "cp": "-r/-R/--recursive -a/--archive -f/--force -i/--interactive~ -n/--no-clobber "
    "-u/--update: -v/--verbose~ -p~ --preserve:~ --no-preserve= -t/--target-directory= "
    "-T/--no-target-directory -b/--backup: -S/--suffix= -l/--link -s/--symbolic-link "
    "-L/--dereference -P/--no-dereference -d -x/--one-file-system --remove-destination "
    "--sparse= --reflink: --parents --attributes-only --strip-trailing-slashes -H "
    "--debug~ -Z/--context: @paths",
    "mv": "-f/--force -i/--interactive~ -n/--no-clobber -u/--update: -v/--verbose~ "
    "-t/--target-directory= -T/--no-target-directory -b/--backup: -S/--suffix= "
    "--strip-trailing-slashes --exchange --no-copy -Z/--context @paths",
    # Prisma's CLI reference: `--force` of `migrate reset` only skips the confirmation prompt
    "prisma": "--schema= @subs @nest=migrate,db",
    "prisma migrate reset": "-f/--force~ --skip-seed~ --skip-generate~",
    "prisma db push": "--force-reset --accept-data-loss --skip-generate~",
    "drizzle-kit": "--config= @subs",
    "drizzle-kit push": "--force --strict~ --verbose~",
    # Static file servers: Python's http.server (SimpleHTTPServer before Python 3), the npm
    # packages http-server and serve, PHP's built-in server (`php -S ADDR -t DIR`)
    "php": "-S= -t= -r= -f= -d= -c= -B= -R= -F= -E= -z= -n -a -q~ -l! -v/--version! "
    "-h/--help! -i! -m!",
    "http.server": "-d/--directory= -b/--bind= -p/--protocol= --cgi",
    "http-server": "-p/--port= -a/--address= -d~ -i~ -g/--gzip~ -b/--brotli~ -e/--ext= "
    "-s/--silent~ -c= -o/--open: -P/--proxy= --cors: -S/--ssl -C/--cert= -K/--key= "
    "-r/--robots: --no-dotfiles @paths",
    "serve": "-l/--listen= -p/--port= -s/--single -d/--debug~ -c/--config= -n/--no-clipboard~ "
    "-u/--no-compression~ -C/--cors -S/--symlinks --ssl-cert= --ssl-key= --ssl-pass= "
    "--no-etag~ --no-port-switching~ -L/--no-request-logging~ @paths",
    # Apache Kafka's admin tools (each also shipped as `kafka-….sh`)
    "kafka-topics": "--bootstrap-server= --topic= --create --delete --alter --describe! --list! "
    "--partitions= --replication-factor= --config= --delete-config= --command-config= "
    "--if-exists~ --if-not-exists~ --zookeeper=",
    # rabbitmqctl(8): its commands stay arguments (`purge_queue orders`), its options say where
    "rabbitmqctl": "-n/--node= -p/--vhost= -q/--quiet~ -s/--silent~ -t/--timeout= "
    "-l/--longnames --erlang-cookie= --formatter=~ --no-table-headers~",
    # Redpanda's rpk (its command reference): `rpk topic delete t` deletes as kafka-topics does
    "rpk": "--brokers= -X= --config= --profile= -v/--verbose~ -h/--help! @subs @nest=topic,group,"
    "cluster,acl,security,profile,container,connect,registry,transform,debug",
    "rpk topic delete": "-r/--regex",
    # DVC's command reference: `dvc gc -w -c` also deletes the unused objects from the remote
    "dvc": "-q/--quiet~ -v/--verbose~ -h/--help! -V/--version! --cd= @subs "
    "@nest=remote,cache,exp,experiments,stage,queue,config,data",
    "dvc gc": "-w/--workspace -a/--all-branches -T/--all-tags -A/--all-commits "
    "--all-experiments --date= --rev= -n/--num= -p/--projects= -c/--cloud -r/--remote= "
    "-f/--force~ -j/--jobs=~ --not-in-remote --dry-run! --skip-failed",
    "dvc push": "-r/--remote= -j/--jobs=~ -a/--all-branches -T/--all-tags -A/--all-commits "
    "-R/--recursive --run-cache --glob",
    "dvc pull": "-r/--remote= -j/--jobs=~ -a/--all-branches -T/--all-tags -A/--all-commits "
    "-R/--recursive -f/--force --run-cache --glob",
    "dvc destroy": "-f/--force~",
    "dvc remove": "--outs",
    # fastlane's actions take `key:value` options; `match nuke TYPE` revokes and deletes every
    # certificate and profile of that type (fastlane's match docs)
    "fastlane": "--env= --verbose~ --capture_output~ @subs @nest=match,sigh,cert,pem,supply,"
    "deliver,gym,scan,snapshot,pilot,produce,spaceship",
    "kafka-configs": "--bootstrap-server= --entity-type= --entity-name= --entity-default "
    "--alter --describe! --add-config= --delete-config= --add-config-file= --command-config= "
    "--topic= --broker= --zookeeper=",
    "mkdir": "-m/--mode= -p/--parents~ -v/--verbose~ -Z/--context: @paths",
    # update-alternatives(1); RHEL's `alternatives` is the same program
    "update-alternatives": "--install --set --remove --remove-all --auto --config --all "
    "--display! --query! --list! --get-selections! --set-selections --altdir= --admindir= "
    "--log= --force --skip-auto --quiet~ --verbose~",
    "install": "-m/--mode= -o/--owner= -g/--group= -d/--directory -D -t/--target-directory= "
    "-T/--no-target-directory -b/--backup: -S/--suffix= -c -C/--compare -p/--preserve-timestamps "
    "-s/--strip -v/--verbose~ --strip-program= @paths",
    "ln": "-s/--symbolic -f/--force -n/--no-dereference -r/--relative -t/--target-directory= "
    "-T/--no-target-directory -b/--backup: -S/--suffix= -v/--verbose~ -i/--interactive~ "
    "-L/--logical -P/--physical @paths",
    "chmod": "-R/--recursive -v/--verbose~ -c/--changes~ -f/--silent/--quiet~ --reference= "
    "--preserve-root~ --no-preserve-root @paths",
    "chown": "-R/--recursive -v/--verbose~ -c/--changes~ -f/--silent/--quiet~ "
    "-h/--no-dereference --dereference -H -L -P --reference= --from= --preserve-root~ "
    "--no-preserve-root @paths",
    "chgrp": "-R/--recursive -v/--verbose~ -c/--changes~ -f/--silent/--quiet~ "
    "-h/--no-dereference --dereference -H -L -P --reference= --preserve-root~ "
    "--no-preserve-root @paths",
    "chattr": "-R -V~ -f~ -v= -p= @paths",
    "setfacl": "-R/--recursive -m/--modify= -M/--modify-file= -x/--remove= -X/--remove-file= "
    "-b/--remove-all -k/--remove-default -d/--default --set= --set-file= -n/--no-mask "
    "--mask -L/--logical -P/--physical --test! -v/--version! @paths",
    # grep(1) and ripgrep's rg(1): the options taking a value (`-A2` is two lines of context,
    # `-f file` a file of patterns, not a force)
    "grep": _GREP,
    "egrep": _GREP,
    "fgrep": _GREP,
    "rg": "-e/--regexp= -f/--file= -A/--after-context= -B/--before-context= -C/--context= "
    "-m/--max-count= -g/--glob= --iglob= -t/--type= -T/--type-not= -j/--threads= "
    "-M/--max-columns= -E/--encoding= --max-depth= --max-filesize= -r/--replace= "
    "--type-add= --pre= --pre-glob= --sort= --sortr= --color= --colors= --path-separator= "
    "-i/--ignore-case -v/--invert-match -l/--files-with-matches -c/--count -o/--only-matching "
    "-q/--quiet -n/--line-number -w/--word-regexp -x/--line-regexp -F/--fixed-strings "
    "-P/--pcre2 -u/--unrestricted -uu -uuu -a/--text --hidden -L/--follow -z/--search-zip",
    "find": """
        -name= -iname= -path= -ipath= -type= -xtype= -mtime= -mmin= -atime= -amin= -ctime=
        -cmin= -maxdepth= -mindepth= -size= -user= -group= -uid= -gid= -newer= -anewer=
        -cnewer= -newermt= -perm= -regex= -iregex= -regextype= -printf= -fprintf= -fprint=
        -fprint0= -fls= -wholename= -iwholename= -links= -inum= -samefile= -used= -fstype=
        -context= -lname= -ilname= -files0-from= -D= -O:
        -delete -print~ -print0~ -ls~ -prune -xdev -mount -follow -L -H -P -depth -empty
        -not -o -a -and -or -true -false -quit -readable -writable -executable -nouser
        -nogroup -daystart -ignore_readdir_race -noleaf -help! -version! @sdl @paths
    """,
    "dd": "",
    "shred": "-u/--remove: -z/--zero -n/--iterations= -f/--force -v/--verbose~ -s/--size= "
    "-x/--exact --random-source= @paths",
    "truncate": "-s/--size= -c/--no-create -r/--reference= -o/--io-blocks @paths",
    "wipefs": "-a/--all -n/--no-act! -f/--force -o/--offset= -t/--types= -b/--backup: "
    "-q/--quiet~ -J/--json~ -i/--noheadings~ -O/--output= -p/--parsable~ --lock: @paths",
    "mkfs": _MKFS + " @paths",
    "mke2fs": _MKFS + " @paths",
    "mkfs.xfs": "-f/--force -N/--dry-run! -n= -b= -d= -i= -l= -L/--label= -m= -r= -s= -K "
    "-q/--quiet~ -V/--version! -p= @paths",
    "mkfs.btrfs": "-f/--force -L/--label= -d/--data= -m/--metadata= -n/--nodesize= "
    "-s/--sectorsize= -U/--uuid= -O/--features= -R/--runtime-features= -q/--quiet~ "
    "-V/--version! -K/--nodiscard -r/--rootdir= @paths",
    "mkfs.vfat": "-F= -n= -I -v~ -c -s= -S= -i= -C @paths",
    "mkswap": "-f/--force -L/--label= -U/--uuid= -p/--pagesize= -c/--check -v/--swapversion= "
    "-e/--endianness= -o/--offset= -s/--size= --lock: -V/--version! @paths",
    "fdisk": "-l/--list! -s/--getsz -b/--sector-size= -u/--units: -c/--compatibility: "
    "-L/--color:~ -t/--type= -w/--wipe= -W/--wipe-partitions= -n/--noauto-pt @paths",
    "sfdisk": "-f/--force --delete -l/--list! -d/--dump! -J/--json! -N/--partno= "
    "-n/--no-act! -w/--wipe= -W/--wipe-partitions= -a/--append -q/--quiet~ @paths",
    "sgdisk": "-Z/--zap-all -z/--zap -o/--clear -n/--new= -d/--delete= -t/--typecode= "
    "-c/--change-name= -p/--print! -P/--pretend! -v/--verify! @paths",
    "parted": "-s/--script -l/--list! -a/--align= -m/--machine~ -f/--fix @paths",
    # OpenZFS zfs(8), zpool(8): `-R` destroys every dependent as well as the children `-r`
    # does (clones outside the hierarchy too); `zfs destroy -n` is a dry run
    "zfs": "@subs",
    "zfs destroy": "-r -R+-r -f -n! -v~ -p~ -d",
    "zfs rollback": "-r -R+-r -f",
    "zfs list": "-H~ -p~ -r -d= -o= -s= -S= -t=",
    "zfs snapshot": "-r -o=",
    "zpool": "@subs",
    "zpool destroy": "-f",
    # Hadoop's FS shell (`hdfs dfs`, `hadoop fs`): its commands are single-dash words (`-rm`,
    # `-ls`), `-rm -R` is `-rm -r` and the old `-rmr` is `-rm -r`
    "hdfs": "@subs",
    "hdfs dfs": "-rm -rmr>-rm,-r -rmdir -r/-R -f~ -skipTrash -safely~ -ls! -du! -df! -cat! "
    "-tail! -stat! -count! -test! -get -put -copyFromLocal -copyToLocal -moveFromLocal -mv -cp "
    "-mkdir -p -h~ -s -chmod -chown -chgrp -setrep -expunge -truncate -touchz -appendToFile "
    "-getmerge -text! -find! -checksum! -usage! -help! @sdl",
    "blkdiscard": "-f/--force -s/--secure -z/--zeroout -o/--offset= -l/--length= "
    "-p/--step= -v/--verbose~ @paths",
    "tar": """
        -c/--create -x/--extract/--get -t/--list! -r/--append -u/--update -A/--catenate
        -f/--file= -z/--gzip/--gunzip/--ungzip -j/--bzip2 -J/--xz --zstd -v/--verbose~
        -C/--directory= -p/--preserve-permissions/--same-permissions --exclude= -T/--files-from=
        -X/--exclude-from= --overwrite --remove-files --delete -k/--keep-old-files
        --keep-newer-files --skip-old-files --strip-components= -P/--absolute-names --owner=
        --group= --mode= --same-owner --no-same-owner --numeric-owner -a/--auto-compress
        -I/--use-compress-program= -O/--to-stdout -W/--verify -h/--dereference
        --one-file-system -S/--sparse -g/--listed-incremental= -N/--newer/--after-date=
        -b/--blocking-factor= -H/--format= -V/--label= --checkpoint:~ --totals~
        --warning=~ --wildcards --no-wildcards --transform/--xform= --null --acls --xattrs
        --selinux --no-overwrite-dir --recursive-unlink --unlink-first/-U @paths
    """,
    "zip": "-r/--recurse-paths -q/--quiet~ -v/--verbose~ -e/--encrypt -P/--password= "
    "-x/--exclude= -i/--include= -m/--move -d/--delete -u/--update -f/--freshen -j "
    "-y/--symlinks -9 -0 -T/--test! @paths",
    "unzip": "-o -n -d= -q~ -qq~ -l! -t! -v! -x= -j -P= -u -f -a -L -C @paths",
    "tee": "-a/--append -i/--ignore-interrupts -p --output-error: @paths",
    "sed": "-i/--in-place: -e/--expression= -f/--file= -n/--quiet/--silent -E/-r/--regexp-extended "
    "-s/--separate -z/--null-data -u/--unbuffered~ --posix --debug~ -l/--line-length= "
    "--follow-symlinks -b/--binary --sandbox",
    # coreutils' text filters (their --help): the options taking a value, so `cut -f2` is no
    # force and `tail -n 20 log` reads the file as its one argument
    "cut": "-d/--delimiter= -f/--fields= -c/--characters= -b/--bytes= -s/--only-delimited "
    "--complement --output-delimiter= -z/--zero-terminated",
    "head": "-n/--lines= -c/--bytes= -q/--quiet/--silent -v/--verbose -z/--zero-terminated",
    "tail": "-n/--lines= -c/--bytes= -f/--follow: -F --pid= -s/--sleep-interval= --retry "
    "-q/--quiet/--silent -v/--verbose -z/--zero-terminated",
    "sort": "-k/--key= -t/--field-separator= -o/--output= -S/--buffer-size= "
    "-T/--temporary-directory= --parallel= --files0-from=",
    "awk": "-f/--file= -v/--assign= -F/--field-separator= -i/--include= -E/--exec= "
    "-e/--source= -b/--characters-as-bytes -M/--bignum -P/--posix --sandbox -l/--load=",
    "perl": "-i/--in-place: -e= -E= -p -n -l: -a -F: -0: -w -W -X -M: -m: -I: -x: -s -S -T -t "
    "-U -c! -d: -D: -C: -v! -V!",
    "ruby": "-i/--in-place: -e= -p -n -l -a -F: -0: -w -W: -I= -r= -C= -x: -s -S -T: -c! "
    "-v! --version! -E= --encoding=",
    "mount": "-o/--options= -t/--types= -a/--all -r/--read-only -w/--rw/--read-write "
    "-B/--bind -R/--rbind -M/--move -L/--label= -U/--uuid= -n/--no-mtab -f/--fake! "
    "-v/--verbose~ -l/--show-labels~ --make-shared --make-private @paths",
    "umount": "-a/--all -f/--force -l/--lazy -r/--read-only -R/--recursive -t/--types= "
    "-n/--no-mtab -v/--verbose~ -d/--detach-loop -A/--all-targets -q/--quiet~ @paths",
    # --- network and remote ------------------------------------------------------------------
    "ssh": _SSH,
    "scp": _SCP,
    "sftp": _SCP + " -b= -s= -N -a",
    "rsync": _RSYNC,
    "curl": _CURL,
    "wget": _WGET,
    "http": "--verify= --cert= --cert-key= --ssl= -a/--auth= -A/--auth-type= -f/--form "
    "-j/--json -o/--output= -d/--download -c/--continue -b/--body~ -h/--headers~ "
    "-p/--print=~ -v/--verbose~ -q/--quiet~ -F/--follow --timeout= --proxy= "
    "--offline! --session= --ignore-stdin~ -I",
    "nc": "-l/--listen -p/--source-port= -e/--exec= -c/--sh-exec= -k/--keep-open -u/--udp "
    "-v/--verbose~ -n -z -w= -s= -q= -4 -6",
    "socat": "-d~ -v~ -x~ -u -U -t= -T= -L= -W= -4 -6 -h!",
    "iptables": """
        -F/--flush: -X/--delete-chain: -Z/--zero: -P/--policy= -A/--append= -I/--insert=
        -D/--delete= -R/--replace= -N/--new-chain= -E/--rename-chain= -L/--list:!
        -S/--list-rules:! -C/--check= -t/--table= -j/--jump= -p/--protocol= -s/--source=
        -d/--destination= -i/--in-interface= -o/--out-interface= --dport/--destination-port=
        --sport/--source-port= --dports= --sports= -m/--match= -n/--numeric~ -v/--verbose~
        --line-numbers~ -w/--wait:~ -x/--exact~ -c/--set-counters= -g/--goto= --state=
        --ctstate= --to-destination= --to-source= --to-ports= --comment= -4 -6
        --icmp-type= --reject-with= --log-prefix= --limit= --uid-owner= -h/--help!
        -V/--version!
    """,
    "nft": "-f/--file= -c/--check! -a/--handle~ -n/--numeric~ -s/--stateless~ -j/--json~ "
    "-e/--echo~ -i/--interactive -I/--includepath= -N/--reversedns~ -y/--numeric-priority~",
    "ufw": "--force~ --dry-run! @subs",
    "firewall-cmd": "--permanent --zone= --add-port= --remove-port= --add-service= "
    "--remove-service= --add-source= --remove-source= --add-rich-rule= --remove-rich-rule= "
    "--add-interface= --remove-interface= --add-masquerade --remove-masquerade "
    "--add-forward-port= --set-default-zone= --change-interface= --panic-on --panic-off "
    "--reload --complete-reload --runtime-to-permanent --state! --list-all! "
    "--list-all-zones! --get-default-zone! --get-active-zones! --query-panic! "
    "--list-ports! --list-services! --timeout= -q/--quiet~",
    # --- containers and clusters ----------------------------------------------------------
    "docker": """
        -H/--host= -c/--context= --config= -l/--log-level= -D/--debug~ --tls --tlsverify:
        --tlscacert= --tlscert= --tlskey= -v/--version! -h/--help! @subs
        @nest=system,volume,image,container,network,builder,buildx,stack,swarm,node,service,secret,config,context,plugin,trust,manifest,compose,scout,checkpoint
    """,
    "docker run": _DOCKER_RUN,
    "docker create": _DOCKER_RUN,
    "docker exec": _DOCKER_EXEC,
    "docker build": _DOCKER_BUILD,
    "docker buildx": _DOCKER_BUILD + " " + _PRUNE + " --keep-storage= --max-used-space=",
    "docker rm": "-f/--force -v/--volumes -l/--link -a/--all",  # podman rm --all
    "docker rmi": "-f/--force --no-prune -a/--all",  # podman rmi --all
    "docker kill": "-s/--signal=*",
    "docker stop": "-t/--time/--timeout= -s/--signal=",
    "docker restart": "-t/--time/--timeout= -s/--signal=",
    "docker ps": "-a/--all -q/--quiet~ -s/--size~ -l/--latest -n/--last= --no-trunc~ "
    "-f/--filter= --format=",
    "docker images": "-a/--all -q/--quiet~ --digests~ --no-trunc~ -f/--filter= --format=",
    "docker logs": "-f/--follow~ -t/--timestamps~ -n/--tail= --since= --until= --details~",
    "docker login": "-u/--username= -p/--password= --password-stdin",
    "docker push": "-a/--all-tags -q/--quiet~ --platform= --disable-content-trust",
    "docker pull": "-a/--all-tags -q/--quiet~ --platform= --disable-content-trust",
    "docker cp": "-a/--archive -L/--follow-link -q/--quiet~",
    "docker commit": "-a/--author= -c/--change= -m/--message= -p/--pause:",
    "docker save": "-o/--output= --platform=",
    "docker load": "-i/--input= -q/--quiet~",
    "docker inspect": "-f/--format= -s/--size~ --type=",
    "docker update": "--restart= -m/--memory= --cpus= --memory-swap= --pids-limit=",
    "docker system": _PRUNE + " --volumes",
    "docker volume": _PRUNE + " -d/--driver= -o/--opt= --label= -q/--quiet~ --format= "
    "@alias=remove:rm,list:ls",
    "docker image": _PRUNE + " --no-prune -q/--quiet~ --format= @alias=remove:rm,list:ls",
    "docker container": _PRUNE + " -v/--volumes -l/--link -q/--quiet~ -s/--signal=* "
    "@alias=remove:rm,list:ls,ps:ls",
    "docker network": _PRUNE + " -d/--driver= --subnet= --gateway= --internal --attachable "
    "@alias=remove:rm,list:ls",
    "docker builder": _PRUNE + " --keep-storage=",
    "docker swarm": "-f/--force --advertise-addr= --listen-addr= --token= --autolock",
    "docker node": "-f/--force --role= --availability= --label-add= --label-rm=",
    "docker service": "-d/--detach~ -q/--quiet~ --replicas= --image= -e/--env= "
    "--mount= -p/--publish= --name= --force --constraint= --mode= @alias=remove:rm,list:ls",
    "docker stack": "-c/--compose-file= --prune --with-registry-auth --resolve-image= "
    "@alias=remove:rm,down:rm,list:ls,up:deploy",
    "docker secret": "-d/--driver= -l/--label= --template-driver= @alias=remove:rm,list:ls",
    "docker context": "-f/--force --docker= --description= @alias=remove:rm,list:ls",
    "docker compose": """
        -f/--file= -p/--project-name= --profile= --env-file= --project-directory= --ansi=~
        --progress=~ --parallel= --compatibility --dry-run! @subs
    """,
    "docker compose down": "-v/--volumes --rmi= --remove-orphans -t/--timeout=",
    "docker compose up": "-d/--detach~ --build~ --force-recreate --no-deps --remove-orphans "
    "-V/--renew-anon-volumes --scale= --pull= --wait~ --wait-timeout= --no-start "
    "--abort-on-container-exit --exit-code-from= -t/--timeout= --no-build --no-recreate "
    "--quiet-pull~ -y/--yes~ --attach= --no-attach= --always-recreate-deps -w/--watch~",
    "docker compose rm": "-f/--force~ -s/--stop -v/--volumes",
    "docker compose exec": "-T/--no-TTY~ -u/--user= -w/--workdir= -e/--env= --index= "
    "-d/--detach~ --privileged @cmd=1",
    "docker compose run": "--rm~ -e/--env= -u/--user= -w/--workdir= -v/--volume= "
    "-p/--publish= --name= --entrypoint= -T/--no-TTY~ -d/--detach~ --service-ports "
    "--use-aliases --no-deps --build~ -l/--label= -i/--interactive~ --pull= @cmd=1",
    "docker compose logs": "-f/--follow~ -t/--timestamps~ -n/--tail= --since= --until= "
    "--no-color~ --no-log-prefix~",
    "docker compose ps": "-a/--all -q/--quiet~ --format= --services --filter= --status=",
    "docker compose config": "--services --volumes --profiles --images -q/--quiet~ --format= "
    "-o/--output= --resolve-image-digests --no-interpolate --hash=",
    "docker compose kill": "-s/--signal=* --remove-orphans",
    "docker compose stop": "-t/--timeout=",
    "docker compose restart": "-t/--timeout= --no-deps",
    "docker compose build": _DOCKER_BUILD,
    "docker compose pull": "-q/--quiet~ --ignore-pull-failures --include-deps --policy=",
    "kubectl": """
        -n/--namespace= --context= --cluster= --kubeconfig= --user= -s/--server= --token=
        --as= --as-group= --as-uid= --insecure-skip-tls-verify --certificate-authority=
        --client-certificate= --client-key= --request-timeout= -v/--v=~ --tls-server-name=
        --username= --password= --cache-dir= --match-server-version~ --warnings-as-errors~
        --log-flush-frequency=~ --profile=~ --profile-output=~ -h/--help! @subs
        @nest=rollout,config,create,set,auth,certificate,top,apply,plugin,alpha
    """
    + _KUBECTL_COMMON,
    "helm": """
        -n/--namespace= --kube-context= --kubeconfig= --debug~ --registry-config=
        --repository-config= --repository-cache= --kube-apiserver= --kube-token=
        --kube-as-user= --kube-as-group= --kube-ca-file= --kube-insecure-skip-tls-verify
        --kube-tls-server-name= --burst-limit= --qps= -h/--help! @subs
        @nest=repo,plugin,dependency,get,show,registry,search
        @alias=delete:uninstall,del:uninstall,un:uninstall,ls:list,fetch:pull,inspect:show,dep:dependency
    """,
    # helmfile(1): global options, then one command for every release the helmfile selects
    "helmfile": """
        -e/--environment= -f/--file= -l/--selector= -n/--namespace= --kube-context=
        --state-values-set= --state-values-file= --chart= -i/--interactive --debug~ -q/--quiet~
        --log-level=~ --color~ --no-color~ --skip-deps --allow-no-matching-release
        --enable-live-output~ -h/--help! @subs @alias=delete:destroy
    """,
    "helmfile destroy": "--concurrency= --skip-charts --cascade= --deleteWait --deleteTimeout=",
    "helm install": _HELM_INSTALL,
    "helm upgrade": _HELM_INSTALL + " -i/--install --reuse-values --reset-values "
    "--reset-then-reuse-values --cleanup-on-fail --history-max= --force",
    "helm template": _HELM_INSTALL + " --show-only/-s= --output-dir= --api-versions= "
    "--kube-version= --include-crds --release-name --is-upgrade --validate",
    "helm uninstall": "--keep-history --no-hooks --dry-run! --wait~ --timeout= --cascade= "
    "--ignore-not-found~ --description=",
    "helm rollback": "--force --recreate-pods --no-hooks --wait~ --wait-for-jobs~ --timeout= "
    "--cleanup-on-fail --dry-run! --history-max=",
    "helm list": "-a/--all -A/--all-namespaces -q/--short~ -o/--output= --filter= -d/--date "
    "-r/--reverse -m/--max= --offset= --deployed --failed --pending --superseded "
    "--uninstalled --uninstalling -l/--selector= --no-headers~ --time-format=",
    "helm repo": "--force-update --insecure-skip-tls-verify --username= --password= "
    "--pass-credentials --ca-file= --cert-file= --key-file= --no-update --fail-on-repo-update-fail",
    "terraform": """
        -chdir/--chdir= -help/--help! -version/--version! @sdl @subs
        @nest=workspace,state,providers,metadata
    """,
    # Terragrunt runs apply and destroy in every module with -auto-approve (`apply-all` sets it
    # since v0.14); its one prompt for the whole stack is answered by --terragrunt-non-interactive
    # (`--non-interactive` in its newer CLI)
    "terraform run-all": _TERRAGRUNT_RUN_ALL,
    "terraform run": _TERRAGRUNT_RUN_ALL,
    "terraform apply": _TERRAFORM_APPLY,
    "terraform destroy": _TERRAFORM_APPLY,
    "terraform plan": _TERRAFORM_APPLY,
    "terraform refresh": _TERRAFORM_APPLY,
    "terraform import": _TERRAFORM_APPLY + " -config/--config= -allow-missing-config",
    "terraform init": "-upgrade/--upgrade -reconfigure/--reconfigure "
    "-migrate-state/--migrate-state "
    "-force-copy/--force-copy -backend-config/--backend-config= -backend/--backend: "
    "-get/--get: -input/--input: -lock/--lock: -lock-timeout/--lock-timeout= "
    "-plugin-dir/--plugin-dir= -lockfile/--lockfile= -no-color/--no-color~ -json~",
    "terraform state": "-force/--force -dry-run/--dry-run! -lock/--lock: "
    "-lock-timeout/--lock-timeout= -state/--state= -state-out/--state-out= "
    "-backup/--backup= -backup-out/--backup-out= -ignore-remote-version -id/--id=",
    "terraform workspace": "-force/--force -lock/--lock: -lock-timeout/--lock-timeout=",
    "terraform force-unlock": "-force/--force~",  # only skips the confirmation prompt
    "terraform taint": "-allow-missing -lock/--lock: -lock-timeout/--lock-timeout= -state= "
    "-state-out= -backup=",
    "terraform fmt": "-check/--check! -recursive/--recursive -diff/--diff~ -write/--write: "
    "-list/--list:~ -no-color~",
    "terraform output": "-json~ -raw~ -no-color~ -state=",
    "ansible": """
        -i/--inventory/--inventory-file= -m/--module-name= -a/--args= -b/--become
        --become-user= --become-method= -K/--ask-become-pass -k/--ask-pass -u/--user=
        -l/--limit= -e/--extra-vars= -C/--check! -D/--diff -f/--forks= -v/--verbose~
        -vv~ -vvv~ -vvvv~ --private-key/--key-file= -c/--connection= -T/--timeout=
        -B/--background= -P/--poll= -o/--one-line~ -t/--tree= --vault-password-file=
        -J/--ask-vault-pass/--ask-vault-password --vault-id= --list-hosts! --syntax-check!
        -M/--module-path= --playbook-dir= --ssh-common-args= --ssh-extra-args=
        --scp-extra-args= --sftp-extra-args= --task-timeout= -h/--help! --version!
    """,
    "ansible-playbook": """
        -i/--inventory/--inventory-file= -l/--limit= -e/--extra-vars= -C/--check! -D/--diff
        -t/--tags= --skip-tags= --start-at-task= --step -b/--become --become-user=
        --become-method= -K/--ask-become-pass -k/--ask-pass -u/--user= -f/--forks=
        -v/--verbose~ -vv~ -vvv~ -vvvv~ --private-key/--key-file= -c/--connection=
        -T/--timeout= --vault-password-file= -J/--ask-vault-pass/--ask-vault-password
        --vault-id= --list-hosts! --list-tasks! --list-tags! --syntax-check! --flush-cache
        --force-handlers -M/--module-path= --ssh-common-args= --ssh-extra-args= -h/--help!
        --version!
    """,
    "ansible-vault": "--vault-password-file= --vault-id= --ask-vault-pass --output= "
    "--encrypt-vault-id= --new-vault-password-file= --new-vault-id= @subs",
    "ansible-galaxy": "-f/--force --force-with-deps -p/--roles-path/--collections-path= "
    "-r/--role-file/--requirements-file= -s/--server= --ignore-certs -c -n/--no-deps @subs "
    "@nest=collection,role",
    # --- cloud ------------------------------------------------------------------------------
    "aws": """
        --profile= --region= --output= --endpoint-url= --query= --no-verify-ssl+--insecure
        --no-paginate~ --debug~ --no-cli-pager~ --color=~ --ca-bundle= --cli-read-timeout=
        --cli-connect-timeout= --no-sign-request --cli-input-json= --cli-input-yaml=
        --generate-cli-skeleton:! --cli-binary-format= --page-size= --max-items=
        --starting-token= --recursive --force --dryrun! --dry-run! --no-dry-run --delete
        --quiet~ --human-readable~ --summarize~ --exact-timestamps --size-only
        --follow-symlinks --no-follow-symlinks --only-show-errors~ --no-progress~
        --skip-final-snapshot --no-skip-final-snapshot --apply-immediately
        --delete-automated-backups --no-delete-automated-backups
        --force-delete-without-recovery --publicly-accessible --no-publicly-accessible
        --multi-az --no-multi-az --force-stop --no-force-stop --enable-http-endpoint
        --deletion-protection --no-deletion-protection --purge --delete-markers
        --bypass-governance-retention --recursive-delete -h/--help!
        @subs @depth=2 @valuedefault
    """,
    "gcloud": """
        --project= --account= --configuration= --format= --verbosity=~ -q/--quiet~
        --impersonate-service-account= --billing-project= --flags-file= --log-http~
        --trace-token= --user-output-enabled:~ --access-token-file= --zone= --region=
        --async~ -r/-R/--recursive -a/--all-versions --continue-on-error --force
        --delete-disks= --keep-disks= --no-user-output-enabled~ --dry-run! -h/--help!
        --allow-unauthenticated --no-allow-unauthenticated --disable-ssl-validation+--insecure
        @subs @verbpath @valuedefault
    """,
    "gsutil": "-m~ -q~ -o= -h= -u= -i= -D~ -d~ @subs",
    "gsutil rm": "-r/-R/--recursive -f/--force -a/--all-versions -I",
    "gsutil rb": "-f/--force",
    "gsutil rsync": "-d/--delete -r/-R/--recursive -n/--dry-run! -c -e -x= -j= -J -p -P -u -C",
    "gsutil cp": "-r/-R/--recursive -a= -p -n -e -j= -J -z= -Z -D -I -L= -U -c -v",
    "gsutil acl": "-u= -g= -d= -p= -R/-r/--recursive -f",
    "gsutil iam": "-d= -e= -f -R/-r",
    "az": """
        --subscription= -o/--output= --query= --debug~ --verbose~ --only-show-errors~
        -y/--yes~ --no-wait~ -g/--resource-group= -n/--name= -l/--location= --ids=
        --what-if! --force --force-deletion --force-string --purge --recursive
        --delete-snapshots= --public-access= --allow-blob-public-access: --https-only:
        --no-prompt~ --dry-run! -h/--help!
        @subs @verbpath @valuedefault
    """,
    # --- databases --------------------------------------------------------------------------
    "psql": _PSQL,
    "mysql": _MYSQL,
    "mariadb": _MYSQL,
    "mysqladmin": """
        -u/--user= -h/--host= -P/--port= -p/--password: -f/--force~ -S/--socket=
        --defaults-file= -s/--silent~ -v/--verbose~ -w/--wait= -i/--sleep= -c/--count=
        @subs
    """,
    "mysqldump": _MYSQL + " --all-databases/-A --databases/-B --single-transaction --no-data/-d "
    "--routines/-R --triggers --add-drop-table --add-drop-database --result-file/-r= "
    "--where/-w= --ignore-table= --lock-tables --no-create-info/-t --quick/-q",
    "pg_dump": _PG_CONN + " -d/--dbname= -f/--file= -F/--format= -j/--jobs= -n/--schema= "
    "-N/--exclude-schema= -t/--table= -T/--exclude-table= -a/--data-only -s/--schema-only "
    "-c/--clean --if-exists -C/--create -O/--no-owner -x/--no-privileges -Z/--compress= "
    "-v/--verbose~ -E/--encoding= --inserts --column-inserts --exclude-table-data= "
    "--no-comments --section= --snapshot= --role= -V/--version!",
    "pg_dumpall": _PG_CONN + " -f/--file= -a/--data-only -s/--schema-only -g/--globals-only "
    "-r/--roles-only -t/--tablespaces-only -c/--clean --if-exists -O/--no-owner "
    "-v/--verbose~ -l/--database= -d/--dbname= --exclude-database= --role=",
    "pg_restore": _PG_CONN + " -d/--dbname= -f/--file= -F/--format= -j/--jobs= -n/--schema= "
    "-N/--exclude-schema= -t/--table= -c/--clean --if-exists -C/--create -O/--no-owner "
    "-x/--no-privileges -1/--single-transaction -a/--data-only -s/--schema-only "
    "-l/--list! -L/--use-list= -v/--verbose~ -e/--exit-on-error --disable-triggers "
    "--no-data-for-failed-tables --section= --role= -I/--index= -P/--function= -T/--trigger=",
    "createdb": _PG_CONN + " -e/--echo~ -O/--owner= -T/--template= -E/--encoding= -l/--locale= "
    "-D/--tablespace= --maintenance-db= -S/--strategy=",
    "dropdb": _PG_CONN + " -e/--echo~ -i/--interactive~ -f/--force --if-exists~ --maintenance-db=",
    "createuser": _PG_CONN + " -s/--superuser -S/--no-superuser -d/--createdb -D/--no-createdb "
    "-r/--createrole -R/--no-createrole -l/--login -L/--no-login -P/--pwprompt "
    "-c/--connection-limit= -g/--role= -i/--inherit -I/--no-inherit -e/--echo~ "
    "--replication --no-replication --interactive",
    "dropuser": _PG_CONN + " -e/--echo~ -i/--interactive~ --if-exists~",
    "pg_ctl": "-D/--pgdata= -m/--mode= -w/--wait~ -W/--no-wait~ -t/--timeout= -l/--log= "
    "-o/--options= -s/--silent~ -c/--core-files -N= -P= -U= -e= @subs",
    "pg_ctlcluster": "-m/--mode= -f/--force -o/--options= --foreground --skip-systemctl-redirect",
    "pg_dropcluster": "--stop",
    "pg_resetwal": "-f/--force -n/--dry-run! -D/--pgdata= -c= -e= -l= -m= -o= -O= -u= -x=",
    "sqlite3": "-cmd= -init= -header~ -noheader~ -csv~ -json~ -line~ -column~ -list~ -html~ "
    "-markdown~ -table~ -box~ -quote~ -tabs~ -ascii~ -readonly! -bail -batch~ -echo~ "
    "-separator= -nullvalue= -newline= -version! -help! -safe -interactive~ -memtrace~ "
    "-stats~ -A/-archive -append -deserialize -nofollow -nonce= -zip @sdl",
    "sqlcmd": "-Q= -q= -S= -d= -U= -P= -i= -o= -E -C -N -b -h= -s= -W -V= -t= -l= -I -x",
    "clickhouse-client": "-q/--query= --host/-h= --port= -u/--user= --password= -d/--database= "
    "-m/--multiline -n/--multiquery --format/-f= --secure -t/--time~ --queries-file=",
    "cqlsh": "-e/--execute= -f/--file= -u/--username= -p/--password= -k/--keyspace= "
    "--ssl --debug~ --cqlversion= --request-timeout= --connect-timeout=",
    "duckdb": "-c= -s= -cmd= -init= -readonly! -json~ -csv~ -line~ -list~ -header~ -bail @sdl",
    # more SQL clients, from their own references; the option that carries a statement is in
    # command_tables.SQL_CLIENTS
    "mycli": "-h/--host= -P/--port= -u/--user= -p/--password= --pass= -D/--database= "
    "-e/--execute= -S/--socket= --ssl-mode= --login-path= --defaults-file= -t/--table~ "
    "--csv~ -v/--verbose~ --warn: --no-warn",
    "usql": "-c/--command= -f/--file= -o/--out= -v/--set= -N/--cset= -P/--pset= -F/--config= "
    "-J/--json~ -C/--csv~ -H/--html~ -q/--quiet~ -t/--tuples-only~ -w/--no-password~ "
    "-X/--no-init~ -1/--single-transaction",
    "trino": "--server= --execute= -f/--file= --catalog= --schema= --user= --password~ "
    "--output-format=~ --session= --source= --access-token= --insecure --debug~",
    "bq": "--project_id= --location= --format=~ -q/--quiet~ --headless~ --apilog= "
    "--dataset_id= --api= @subs",
    "bq query": "--use_legacy_sql: --nouse_legacy_sql --destination_table= --max_rows=~ "
    "-n= --dry_run! --parameter= --batch --replace --append_table --label=",
    "sqlplus": "-S/-s~ -L/-l~ -M/-m= -R/-r= -NOLOGINTIME~ -V/-v! -H/-h! @sdl",
    "beeline": "-u= -n= -p= -d= -e= -f= -i= --hivevar= --hiveconf= --silent:~ "
    "--outputformat=~ --showHeader:~",
    "impala-shell": "-i/--impalad= -q/--query= -f/--query_file= -d/--database= -u/--user= "
    "-k/--kerberos --ssl -B/--delimited~ -o/--output_file=",
    "cockroach": "@subs",
    "cockroach sql": "-e/--execute= -f/--file= --url= --host= -d/--database= -u/--user= "
    "--insecure --certs-dir= --format=~ --echo-sql~ --safe-updates: --watch=",
    "snowsql": "-q/--query= -f/--filename= -a/--accountname= -u/--username= -d/--dbname= "
    "-s/--schemaname= -r/--rolename= -w/--warehouse= -o/--option=",
    "mongosh": "--eval= --host= --port= -u/--username= -p/--password= "
    "--authenticationDatabase= --authenticationMechanism= --quiet~ --nodb --norc~ "
    "-f/--file= --tls --tlsAllowInvalidCertificates+--insecure "
    "--tlsAllowInvalidHostnames+--insecure --tlsCAFile= --tlsCertificateKeyFile= --shell~ "
    "--json:~ --retryWrites:",
    "redis-cli": "-h/--host= -p/--port= -n/--db= -a/--pass= -u/--uri= --user= --pattern= "
    "-r/--repeat= -i/--interval= -x~ --no-auth-warning~ --raw~ --no-raw~ --csv~ --scan "
    "--bigkeys --memkeys --hotkeys --stat --latency --tls --insecure --cacert= --cert= "
    "--key= --askpass -c/--cluster --eval= --rdb= --pipe -e -s/--socket= --count=",
    # --- packages ---------------------------------------------------------------------------
    "pip": _PIP_GLOBAL,
    "pip install": _PIP_INSTALL,
    "pip uninstall": "-r/--requirement= -y/--yes~ --root-user-action= --break-system-packages",
    "pip download": "-r/--requirement= -c/--constraint= -d/--dest= --platform= "
    "--python-version= -i/--index-url= --extra-index-url= --no-deps --no-binary= "
    "--only-binary=",
    "pip config": "--global --user --site --editor=",
    "pip cache": "--format=",
    "pipx": "--force/-f --python= --pip-args= --index-url= --global --include-deps "
    "--suffix= --editable/-e --spec= --system-site-packages -q/--quiet~ -v/--verbose~ @subs",
    "poetry": """
        -q/--quiet~ -v/--verbose~ -vv~ -vvv~ -n/--no-interaction~ --ansi~ --no-ansi~
        -C/--directory= -P/--project= --no-plugins --no-cache -h/--help! -V/--version!
        -D/--dev -G/--group= --dry-run! -E/--extras= --source= --allow-prereleases --lock
        -e/--editable --optional --no-root --only= --with= --without= --sync --no-update
        --check! --build -r/--repository= -u/--username= -p/--password= --skip-existing
        --cert= --client-cert= --unset --list --local --all --only-root --compile
        @subs @nest=env,cache,self,source,debug
    """,
    "conda": """
        -n/--name= -p/--prefix= -y/--yes~ -c/--channel= --force -d/--dry-run! -q/--quiet~
        -v/--verbose~ --override-channels --insecure --all --json~ --file= --clone=
        --offline --no-deps --only-deps --update-deps --freeze-installed --set= --add=
        --remove= --show= --env --system --name= @subs @nest=env,config
    """,
    "npm": _NPM_GLOBAL,
    "cargo": """
        -C= --manifest-path= -Z= --config= --offline --frozen --locked -q/--quiet~
        -v/--verbose~ --color=~ -h/--help! -V/--version! -f/--force --root= --git= --path=
        --vers/--version= --features/-F= --all-features --no-default-features -j/--jobs=
        --bin= --example= --registry= --index= --branch= --tag= --rev= --target=
        --target-dir= --profile= --release/-r --debug --list --no-track -p/--package=
        --dry-run! --allow-dirty --no-verify --token= --undo --aggressive --precise=
        --fix --allow-no-vcs --allow-staged --broken-code --check! --all --workspace
        --doc @subs
        @alias=b:build,c:check,d:doc,t:test,r:run,rm:remove
    """,
    "gem": """
        -V/--verbose~ -q/--quiet~ --config-file= --backtrace~ --debug~ --norc
        -i/--install-dir= -n/--bindir= --user-install --no-user-install -N/--no-document~
        --no-doc~ -v/--version= --pre/--prerelease -f/--force -w/--wrappers
        -P/--trust-policy= --source= -s= --clear-sources --conservative --minimal-deps
        -E/--env-shebang --development -a/--all -x/--executables -I/--ignore-dependencies
        --system -d/--dry-run! --add= --remove= --clear-all -h/--help! @subs
        @alias=i:install,in:install,remove:uninstall
    """,
    "bundle": """
        --path= --deployment --without= --with= -j/--jobs= --retry= --local --system
        --binstubs: --gemfile= --frozen --standalone: --trust-policy= --force --redownload
        --all --conservative --global --dry-run! -V/--verbose~ --no-color~ -h/--help! @subs
    """,
    "apt": _APT,
    "dnf": _DNF,
    "dpkg": """
        -i/--install -r/--remove -P/--purge -l/--list! -L/--listfiles! -s/--status!
        -S/--search! --force-all
        --force-depends:+--force-all --force-depends-version:+--force-all
        --force-breaks:+--force-all --force-conflicts:+--force-all
        --force-overwrite:+--force-all --force-overwrite-dir:+--force-all
        --force-overwrite-diverted:+--force-all --force-remove-essential:+--force-all
        --force-remove-reinstreq:+--force-all --force-remove-protected:+--force-all
        --force-architecture:+--force-all --force-bad-verify:+--force-all
        --force-confold~ --force-confnew~ --force-confdef~ --configure -a/--pending
        --no-act/--dry-run/--simulate! --purge -R/--recursive --get-selections!
        --set-selections --unpack --root= --admindir= --instdir= --ignore-depends=
        -B/--auto-deconfigure -G/--refuse-downgrade -E/--skip-same-version
    """,
    "rpm": "-i/--install -U/--upgrade -F/--freshen -e/--erase -q/--query! -V/--verify! "
    "--nodeps --force --nosignature --nodigest --noscripts --test! --replacepkgs "
    "--replacefiles --oldpackage -v/--verbose~ -h/--hash~ --import --checksig! --allmatches",
    "apk": "--no-cache~ --allow-untrusted -U/--update-cache -u/--upgrade -t/--virtual= "
    "-X/--repository= --force --force-broken-world --purge -s/--simulate! -q/--quiet~ "
    "-v/--verbose~ -p/--root= --no-scripts -i/--interactive~ @subs @alias=remove:del,rm:del",
    "pacman": "-S/--sync -R/--remove -Q/--query! -U/--upgrade -D/--database -F/--files "
    "-y/--refresh -u/--sysupgrade -s/--recursive -n/--nosave -c/--cascade -d/--nodeps "
    "--noconfirm~ --needed --overwrite= -p/--print! --asdeps --asexplicit --dbonly",
    "snap": "--classic --devmode --dangerous --jailmode --channel= --edge --beta --candidate "
    "--stable --revision= --purge --no-wait~ --unaliased --prefer @subs",
    "brew": """
        -f/--force --cask --formula --zap -n/--dry-run! -s -q/--quiet~ -v/--verbose~ -d/--debug~
        --prune= --ignore-dependencies --overwrite --build-from-source -y/--yes~ --greedy
        --HEAD --ignore-pinned -h/--help! @subs @nest=services,bundle,tap-info
        @alias=remove:uninstall,rm:uninstall,ls:list,up:update
    """,
    "systemctl": """
        --user --system --global -H/--host= -M/--machine= --now -q/--quiet~ --no-block~
        --no-pager~ --no-legend~ -f/--force --runtime -t/--type= --state= -a/--all
        -l/--full~ -r/--recursive --no-ask-password~ -i/--ignore-inhibitors -s/--signal=*
        --kill-whom/--kill-value= --job-mode= --root= --what= -n/--lines= -o/--output=
        --firmware-setup --no-reload -h/--help! --version! @subs
    """,
    "journalctl": "--vacuum-size= --vacuum-time= --vacuum-files= --rotate -u/--unit= "
    "-n/--lines= -f/--follow~ --since= --until= -b/--boot: -p/--priority= -o/--output= -k/--dmesg "
    "--no-pager~ -r/--reverse -x/--catalog~ -e/--pager-end -D/--directory= --file= "
    "-t/--identifier= -g/--grep= --disk-usage! --flush --sync --user --system -q/--quiet~ "
    "-a/--all --verify!",
    # --- build tools ------------------------------------------------------------------------
    "mvn": "-D/--define= -P/--activate-profiles= -pl/--projects= -am/--also-make "
    "-amd/--also-make-dependents -f/--file= -s/--settings= -gs/--global-settings= "
    "-T/--threads= -q/--quiet~ -B/--batch-mode~ -X/--debug~ -e/--errors~ -U/--update-snapshots "
    "-o/--offline -N/--non-recursive -rf/--resume-from= -ntp/--no-transfer-progress~ "
    "-fae/--fail-at-end -ff/--fail-fast -l/--log-file= -v/--version! -h/--help!",
    "gradle": "-x/--exclude-task= -p/--project-dir= -b/--build-file= -c/--settings-file= "
    "-D/--system-prop= -P/--project-prop= -q/--quiet~ -i/--info~ -d/--debug~ -s/--stacktrace~ "
    "-S/--full-stacktrace~ -w/--warn~ --offline --refresh-dependencies --no-daemon~ --daemon~ "
    "--parallel~ --console=~ --build-cache --no-build-cache --continue -m/--dry-run! --scan~ "
    "-g/--gradle-user-home= -I/--init-script= --rerun-tasks --tests= -h/--help! -v/--version!",
    "kill": _KILL,
    "pkill": _KILL,
    "killall": _KILL,
    "crontab": "-r/--remove -e/--edit -l/--list -u/--user= -i/--ask~ -n -T/--test!",
    "make": "-n/--dry-run/--just-print/--recon! -C/--directory= -f/--file/--makefile= "
    "-j/--jobs: -k/--keep-going -B/--always-make -s/--silent/--quiet~ -i/--ignore-errors "
    "-e/--environment-overrides -I/--include-dir= -l/--load-average: -o/--old-file= "
    "-W/--what-if/--new-file= -q/--question! -p/--print-data-base! -t/--touch "
    "--no-print-directory~ -w/--print-directory~ --trace~ -d~ --debug:~ -r -R -O/--output-sync:",
    "supabase": """
        --db-url= --project-ref= --workdir= --debug~ --linked --local -p/--password=
        --experimental --dry-run! --include-all --include-roles --include-seed -s/--schema=
        --yes~ -o/--output= @subs
        @nest=db,migration,functions,projects,secrets,storage,branches,orgs,postgres-config,link,inspect
    """,
    "n8n": "--id= --all --input= --output= --separate --backup --pretty~ --decrypted --force "
    "--userId= --projectId= --deleteWorkflowsAndCredentials @subs",
    "vercel": "--prod --prebuilt --force -y/--yes~ -t/--token= --scope= --cwd= -e/--env= "
    "-b/--build-env= -m/--meta= --archive= --public --target= --skip-domain --no-wait~ "
    "@subs @alias=rm:remove",
    "netlify": "--prod --prod-if-unlocked -d/--dir= -f/--functions= -s/--site= -a/--auth= "
    "-m/--message= -o/--open~ --build --alias= --trigger --json~ @subs",
    "fly": "-a/--app= -c/--config= -y/--yes~ --force --remote-only --local-only --image= "
    "--strategy= --detach~ -t/--access-token= @subs "
    "@nest=apps,machine,volumes,secrets,postgres,scale",
    "heroku": "-a/--app= -r/--remote= --confirm= -f/--force @subs",
    "vault": "-address= -namespace= -format= -field= -tls-skip-verify+--insecure -force -h/-help! "
    "-f/--force -mount= -version= -versions= -method= -path= @sdl @subs "
    "@nest=kv,secrets,auth,policy,token,operator,audit,lease,write,read,delete",
    "ssh-keygen": "-t= -b= -f= -N= -C= -R= -F= -y -l -E= -P= -p -q~ -a= -m= -o -K -s= -I= "
    "-n= -V= -z= -Y= -H",
    "setenforce": "",
    # PowerShell: parameters are single-dash words, any unambiguous prefix, any case
    "remove-item": "-Recurse/-recurse/-Rec/-rec/-r/-R -Force/-force/-fo/-Fo -Path/-path= "
    "-LiteralPath/-literalpath= -Include= -Exclude= -Filter= -WhatIf/-whatif! @sdl",
    "swapoff": "-a/--all -v/--verbose~ -e/--ifexists",
    "swapon": "-a/--all -v/--verbose~ -e/--ifexists -s/--summary! --show:! -p/--priority=",
    "visudo": "-c/--check! -f/--file= -q/--quiet~ -s/--strict -x/--export=",
    "usermod": "-a/--append -G/--groups= -g/--gid= -s/--shell= -d/--home= -m/--move-home "
    "-l/--login= -L/--lock -U/--unlock -e/--expiredate= -p/--password= -u/--uid= "
    "-o/--non-unique -c/--comment=",
    "useradd": "-m/--create-home -M/--no-create-home -s/--shell= -G/--groups= -g/--gid= "
    "-u/--uid= -d/--home-dir= -p/--password= -r/--system -o/--non-unique -c/--comment= "
    "-e/--expiredate= -k/--skel= -U/--user-group -N/--no-user-group",
    "userdel": "-r/--remove -f/--force -Z/--selinux-user -R/--root= -P/--prefix=",
    "passwd": "-d/--delete -l/--lock -u/--unlock -e/--expire -S/--status! -n/--mindays= "
    "-x/--maxdays= -w/--warndays= -i/--inactive= --stdin",
    "shutdown": "-h/-P/--poweroff -r/--reboot -H/--halt -c! -k! --no-wall~ -t=",
    "reboot": "-f/--force -p/--poweroff --halt -w/--wtmp-only! --no-wall~",
    "history": "-c -d= -w -r -a -n -p -s",
    "openssl": "@subs",
    # offline mode prints the migration's SQL instead of running it
    "alembic": "--sql! -c/--config= -n/--name= -x= --raiseerr~ -h/--help!",
    "python": "-c= -m= -W= -X= -O -OO -B -u -I -E -s -S -q -v~ -V/--version! -h/--help! -i",
    "node": "-e/--eval= -p/--print= -r/--require= --import= --loader= -i/--interactive "
    "--inspect: --inspect-brk: -c/--check! -v/--version! -h/--help! --max-old-space-size: "
    "--experimental-modules --no-warnings~ --trace-warnings~ --env-file= --watch~ "
    "--tls-reject-unauthorized=",
}

# Programs read with another's spec, and their canonical names: `pip3` is `pip`, `podman` is
# `docker`. (Versioned names such as `python3.11` and `pip3.12` are stripped of the version
# first.)
PROGRAM_ALIASES: dict[str, str] = {
    "django-admin": "manage.py",
    "rake": "rails",  # `rake db:reset` and `rails db:reset` run the same task
    "pip3": "pip",
    "python3": "python",
    "py": "python",
    "pypy": "python",
    "pypy3": "python",
    "podman": "docker",
    "nerdctl": "docker",
    "docker.exe": "docker",
    "podman-compose": "docker-compose",
    "nodejs": "node",
    "flyctl": "fly",
    "kubectl.exe": "kubectl",
    "ri": "remove-item",  # PowerShell's alias
    "gradlew": "gradle",  # the project's wrapper runs the same gradle
    "hub": "git",  # GitHub's hub wraps git and passes its commands on
    "mvnw": "mvn",
    "k": "kubectl",  # the alias kubectl's own quick reference sets up (`alias k=kubectl`)
    "oc": "kubectl",
    "microk8s.kubectl": "kubectl",
    "k3s-kubectl": "kubectl",
    "tofu": "terraform",
    "sls": "serverless",
    "alternatives": "update-alternatives",
    # npm packages whose program has another name (`npx netlify-cli deploy` runs `netlify`)
    "netlify-cli": "netlify",
    "firebase-tools": "firebase",
    "aws-cdk": "cdk",
    "kafka-topics.sh": "kafka-topics",
    "presto": "trino",  # Trino's CLI was Presto's; the options are the same
    "hive": "beeline",  # hive -e 'SQL' runs the statement as beeline -e does
    "kafka-configs.sh": "kafka-configs",  # the Serverless Framework's own short name for its CLI
    "opentofu": "terraform",
    "terragrunt": "terraform",
    "hadoop": "hdfs",  # `hadoop fs` is the FS shell `hdfs dfs` runs (Hadoop's FileSystemShell)
    "apt-get": "apt",
    "aptitude": "apt",
    "yum": "dnf",
    "microdnf": "dnf",
    "mongo": "mongosh",
    "mariadb-admin": "mysqladmin",
    "mysql.exe": "mysql",
    "mysqldump.exe": "mysqldump",
    "mariadb-dump": "mysqldump",
    "sqlite": "sqlite3",
    "psql.exe": "psql",
    "https": "http",
    "bsdtar": "tar",  # libarchive's tar reads tar's options
    "gawk": "awk",
    "mawk": "awk",
    "nawk": "awk",
    "gsed": "sed",
    "mke2fs": "mkfs",
    "mkfs.ext2": "mkfs",
    "mkfs.ext3": "mkfs",
    "mkfs.ext4": "mkfs",
    "mkfs.xfs": "mkfs",
    "mkfs.btrfs": "mkfs",
    "mkfs.vfat": "mkfs",
    "mkfs.fat": "mkfs",
    "mkfs.msdos": "mkfs",
    "mkfs.ntfs": "mkfs",
    "mkntfs": "mkfs",
    "mkfs.exfat": "mkfs",
    "mkfs.f2fs": "mkfs",
    "ip6tables": "iptables",
    "iptables-legacy": "iptables",
    "iptables-nft": "iptables",
    "ncat": "nc",
    "netcat": "nc",
    "pip-3": "pip",
    "docker-compose.exe": "docker-compose",
    "gcloud.cmd": "gcloud",
    "az.cmd": "az",
    "kubecolor": "kubectl",
    "sudoedit": "sudoedit",
    # forks of Redis whose clients keep redis-cli's command line and Redis's commands
    "valkey-cli": "redis-cli",
    "keydb-cli": "redis-cli",
}
# Of those, the ones whose options are their own (read with their own entry, above, then
# named as the canonical program): `mkfs.xfs -n` is not `mke2fs -n`.
READ_AS_SELF = frozenset(
    {"mkfs.xfs", "mkfs.btrfs", "mkfs.vfat", "mkfs.fat", "mkfs.msdos", "mke2fs"}
)
