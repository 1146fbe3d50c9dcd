# bash completion for touch-gestured (written by hand: the daemon does not use ArgumentParser).
_touch_gestured() {
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    case $prev in
        -c|--config|--args-file|--replay|--rotation-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        -d|--device) COMPREPLY=($(compgen -f -- "${cur:-/dev/input/event}")); return ;;
        --rotate) COMPREPLY=($(compgen -W "0 90 180 270" -- "$cur")); return ;;
        -o) COMPREPLY=($(compgen -W "0 1 2 3" -- "$cur")); return ;;
        -g|-m|-s|-t|-T|-r|-w|-h|--read-interval|--history) return ;;
    esac
    COMPREPLY=($(compgen -W "-c --config --args-file --session -g -d --device --grab --rotate --rotation-file --read-interval --history --replay --dry-run --run-saved-commands --log -v --verbose --explain --check-config --print-config --list-devices --version --help -o -m -s -t -T -r -w -h" -- "$cur"))
}
complete -F _touch_gestured touch-gestured
